import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { finishedAfterTasks, formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addStocktakePhoto } from './add-stocktake-photo'
import { countPhotoOnServer, countStocktakePhotos } from './analyse-stocktake'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { startStocktake } from './start-stocktake'
import { shelfJpeg, uploadStockPhoto } from '@/test/support/stocktake-test-data'
import { shelfPhoto } from '@/test/shelf/generate-shelf-photo'
import { decodePhotoFile } from '@/lib/counting/barcode/load-photo'
import { LABEL_SHEET, sheetSize, toDetection, type DetectionList } from '@/lib/counting/barcode/detections'
import { DETECTIONS_REFUSED, KEPT_ON_PHONE, MAX_DEVICE_CODES, VISION_NEEDS_PHOTO } from '@/lib/validations/device-count'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let milk: string
let tin: string

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  milk = await addProduct(owner, { name: 'Milk', sku: 'MILK-1L', barcode: '5000000000012', qty: 3 })
  tin = await addProduct(owner, { name: 'Tin', sku: 'TIN-01', qty: 2 })
  // two products one code fits: counted for neither, listed with both
  await addProduct(owner, { name: 'Jam', sku: 'JAM-1', barcode: '4006381333931', qty: 1 })
  await addProduct(owner, { name: 'Jam jar', sku: '4006381333931', qty: 1 })
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  await signInAs(owner)
  await stack.db.query("delete from count_sessions where shop_id = $1 and status = 'open'", [owner.shopId])
})

const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await stack.db.query<T>(sql, params)).rows

const SHELF = [
  { text: '5000000000012', format: 'ean13' as const, count: 3 },
  { text: 'TIN-01', format: 'qrcode' as const, count: 2 },
  { text: 'UNKNOWN-9', format: 'code128' as const, count: 1 },
  { text: '4006381333931', format: 'ean13' as const, count: 1 },
]

async function newSession(): Promise<string> {
  const started = await startStocktake(idle, formData({}))
  return (started as { sessionId: string }).sessionId
}

/** What the phone sends: its decoder's codes (the module the worker runs) and the photo's size as it read it. */
async function phoneList(bytes: Buffer): Promise<DetectionList> {
  const decoded = await decodePhotoFile(bytes)
  return { width: decoded.width, height: decoded.height, codes: decoded.codes.map(toDetection) }
}

async function add(sessionId: string, bytes: Buffer, detections?: unknown) {
  const path = await uploadStockPhoto(owner, sessionId, 'start', bytes)
  const fields = { session_id: sessionId, side: 'start', path, ...(detections === undefined ? {} : { detections: typeof detections === 'string' ? detections : JSON.stringify(detections) }) }
  return { path, result: await addStocktakePhoto(idle, formData(fields)) }
}

/** The photo's proposal as stored: its lines (with where the product was seen), the codes not counted, the photo's own record. */
async function proposal(sessionId: string) {
  return {
    lines: await rows<{ product_id: string; count: number; box_x: number; box_y: number; box_w: number; box_h: number }>('select product_id, count, confidence::float, analyser, box_x, box_y, box_w, box_h from count_lines where session_id = $1 order by product_id', [sessionId]),
    unmatched: await rows('select label, format, count, matches from count_unmatched where session_id = $1 order by label, format', [sessionId]),
    photo: await rows('select status, codes_found, analyser, error, width, height from count_photos where session_id = $1', [sessionId]),
  }
}
const countedOn = async (sessionId: string) => (await rows('select counted_on, kept_on_device from count_photos where session_id = $1', [sessionId]))[0]
const objectCount = async (path: string) => (await rows<{ n: number }>('select count(*)::int as n from storage.objects where name = $1', [path]))[0]!.n

describe("a photo counted on the phone", () => {
  it("becomes the very proposal the server's count writes for that photo: the same lines, places, codes not counted and photo record", async () => {
    const bytes = await shelfJpeg(SHELF, 5)
    const bySever = await newSession()
    expect((await add(bySever, bytes)).result).toEqual({ ok: true })
    expect(await countStocktakePhotos(idle, formData({ session_id: bySever }))).toEqual({ ok: true })
    await finishedAfterTasks()
    const server = await proposal(bySever)
    expect(server.lines.map((line) => [line.product_id, line.count])).toEqual(
      [
        [milk, 3],
        [tin, 2],
      ].sort(),
    )
    expect(server.unmatched).toEqual([
      { label: '4006381333931', format: 'EAN13', count: 1, matches: expect.arrayContaining([expect.any(String), expect.any(String)]) },
      { label: 'UNKNOWN-9', format: 'Code128', count: 1, matches: null },
    ])
    expect(await countedOn(bySever)).toEqual({ counted_on: 'server', kept_on_device: false })
    await stack.db.query('delete from count_sessions where id = $1', [bySever])

    const byPhone = await newSession()
    expect((await add(byPhone, bytes, await phoneList(bytes))).result).toEqual({ ok: true })
    // no job ran: the proposal is there as the action answers
    expect(await proposal(byPhone)).toEqual(server)
    expect(await countedOn(byPhone)).toEqual({ counted_on: 'device', kept_on_device: false })
  })

  it('places the codes in the stored photo when the phone read it larger than /upload stores it (4096 px)', async () => {
    const { jpeg: bytes } = await shelfPhoto({ items: SHELF.slice(0, 2), width: 4096, height: 3072, seed: 6, maxAngle: 10 })
    const list = await phoneList(bytes)
    const sessionDirect = await newSession()
    expect((await add(sessionDirect, bytes, list)).result).toEqual({ ok: true })
    const direct = await proposal(sessionDirect)
    await stack.db.query('delete from count_sessions where id = $1', [sessionDirect])
    // the phone read the same shelf in a 6144 × 4608 original, which /upload stores at 4096 × 3072
    const larger = { width: 6144, height: 4608, codes: list.codes.map((c) => ({ ...c, x: c.x * 1.5, y: c.y * 1.5, size: c.size * 1.5 })) }
    const sessionId = await newSession()
    expect((await add(sessionId, bytes, larger)).result).toEqual({ ok: true })
    const scaled = await proposal(sessionId)
    expect(scaled.lines.map(({ box_x, box_y, box_w, box_h, ...line }) => ({ ...line, box: [box_x, box_y, box_w, box_h].map((v) => Math.round(v / 2)) }))).toEqual(
      direct.lines.map(({ box_x, box_y, box_w, box_h, ...line }) => ({ ...line, box: [box_x, box_y, box_w, box_h].map((v) => Math.round(v / 2)) })),
    )
    expect(scaled.photo).toEqual(direct.photo)
  })

  it('matches codes to the catalogue on the server: a product id sent with a code is not believed', async () => {
    const bytes = await shelfJpeg(SHELF.slice(0, 1), 7)
    const list = await phoneList(bytes)
    const forged = { ...list, codes: list.codes.map((code) => ({ ...code, text: 'NOT-IN-SHOP', format: 'Code128', productId: milk, product_id: tin })) }
    const sessionId = await newSession()
    expect((await add(sessionId, bytes, forged)).result).toEqual({ ok: true })
    const stored = await proposal(sessionId)
    expect(stored.lines).toEqual([])
    expect(stored.unmatched).toEqual([{ label: 'NOT-IN-SHOP', format: 'Code128', count: 3, matches: null }])
  })

  const refusals: [string, (list: DetectionList) => unknown, string][] = [
    ['not JSON', () => '{"width": 12', 'the list could not be read'],
    ['no list of codes', (list) => ({ ...list, codes: 'all of them' }), 'there is no list of codes'],
    ['a symbology not counted', (list) => ({ ...list, codes: [{ ...list.codes[0]!, format: 'Aztec' }] }), 'a code is in a symbology ShelfSnap does not count'],
    ['an EAN-13 whose check digit is wrong', (list) => ({ ...list, codes: [{ ...list.codes[0]!, format: 'EAN13', text: '5000000000013' }] }), '"5000000000013" is not a valid EAN13 number'],
    ['an empty text', (list) => ({ ...list, codes: [{ ...list.codes[0]!, format: 'QRCode', text: '' }] }), 'a code has no text'],
    ['a text over 300 characters', (list) => ({ ...list, codes: [{ ...list.codes[0]!, format: 'QRCode', text: 'x'.repeat(301) }] }), 'a code is longer than 300 characters'],
    ['a code outside the photo', (list) => ({ ...list, codes: [{ ...list.codes[0]!, x: list.width + 50 }] }), 'lies outside the photo'],
    ['a position that is not a number', (list) => ({ ...list, codes: [{ ...list.codes[0]!, y: 'top' }] }), 'a code has no position'],
    ['too many codes', (list) => ({ ...list, codes: Array.from({ length: MAX_DEVICE_CODES + 1 }, () => list.codes[0]) }), 'a photo can hold at most 1,000 codes'],
    ['a photo size that is not the photo', (list) => ({ ...list, width: list.width + 300 }), 'they do not fit this photo'],
    ['a sheet of crops laid out otherwise', (list) => ({ ...list, sheet: { columns: 3, tile: 500 } }), 'the label crops are not laid out as ShelfSnap lays them out'],
  ]

  it.each(refusals)('refuses %s with a clear message, and changes nothing', async (_, make, why) => {
    const bytes = await shelfJpeg(SHELF.slice(0, 2), 8)
    const sessionId = await newSession()
    const { path, result } = await add(sessionId, bytes, make(await phoneList(bytes)))
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining(why) })
    expect((result as { message: string }).message).toMatch(new RegExp(`^${DETECTIONS_REFUSED}: .*Nothing was changed; try again\\.$`))
    expect(await rows('select id from count_photos where session_id = $1', [sessionId])).toEqual([])
    expect(await rows('select 1 from count_lines where session_id = $1 union all select 1 from count_unmatched where session_id = $1', [sessionId])).toEqual([])
    expect(await objectCount(path)).toBe(0)
  })

  it('"Count again on the server" has the server count the stored photo in place of the phone\'s count', async () => {
    const bytes = await shelfJpeg(SHELF, 9)
    const sessionId = await newSession()
    const list = await phoneList(bytes)
    // the phone missed a label: the server's count has it
    const missed = { ...list, codes: list.codes.filter((code) => code.text !== 'TIN-01').concat(list.codes.filter((code) => code.text === 'TIN-01').slice(1)) }
    expect((await add(sessionId, bytes, missed)).result).toEqual({ ok: true })
    expect(await rows('select count from count_lines where session_id = $1 and product_id = $2', [sessionId, tin])).toEqual([{ count: 1 }])
    const [photo] = await rows<{ id: string }>('select id from count_photos where session_id = $1', [sessionId])
    expect(await countPhotoOnServer(idle, formData({ session_id: sessionId, photo_id: photo!.id }))).toEqual({ ok: true })
    await finishedAfterTasks()
    expect(await rows('select count from count_lines where session_id = $1 and product_id = $2', [sessionId, tin])).toEqual([{ count: 2 }])
    expect(await countedOn(sessionId)).toEqual({ counted_on: 'server', kept_on_device: false })
    expect(await countPhotoOnServer(idle, formData({ session_id: sessionId, photo_id: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({ ok: false, message: expect.stringContaining('changed or removed') })
  })

  it('keeps the photo on the phone: only a sheet of label crops is stored, the review is placed on it, and the server cannot count it again', async () => {
    const bytes = await shelfJpeg(SHELF.slice(0, 2), 10)
    const list: DetectionList = { ...(await phoneList(bytes)), sheet: LABEL_SHEET }
    const size = sheetSize(LABEL_SHEET, list.codes.length)
    const sheet = await sharp({ create: { ...size, channels: 3, background: '#ffffff' } }).jpeg().toBuffer()
    const sessionId = await newSession()
    expect((await add(sessionId, sheet, list)).result).toEqual({ ok: true })
    const stored = await proposal(sessionId)
    expect(stored.photo).toEqual([{ status: 'analysed', codes_found: 5, analyser: 'barcode', error: null, ...size }])
    expect(stored.lines.map((line) => [line.product_id, line.count])).toEqual([[milk, 3], [tin, 2]].sort())
    // each product's box is the tile of its first label, drawn so that the review's crop (1.6× the box) is that tile
    for (const line of stored.lines) {
      const index = list.codes.findIndex((code) => code.text === (line.product_id === milk ? '5000000000012' : 'TIN-01'))
      const tile = { x: (index % 8) * 160, y: Math.floor(index / 8) * 160 }
      expect(line.box_x + line.box_w / 2).toBeCloseTo(tile.x + 80, 0)
      expect(line.box_y + line.box_h / 2).toBeCloseTo(tile.y + 80, 0)
      expect(line.box_w * 1.6).toBeCloseTo(160, -1)
    }
    expect(await countedOn(sessionId)).toEqual({ counted_on: 'device', kept_on_device: true })
    const [photo] = await rows<{ id: string }>('select id from count_photos where session_id = $1', [sessionId])
    expect(await countPhotoOnServer(idle, formData({ session_id: sessionId, photo_id: photo!.id }))).toEqual({ ok: false, message: KEPT_ON_PHONE })
    await finishedAfterTasks()
    expect((await proposal(sessionId)).lines).toEqual(stored.lines)
  })

  it("refuses a camera time that is not a time, and a photo to count again that is not a photo's id: nothing changed", async () => {
    const bytes = await shelfJpeg(SHELF.slice(0, 1), 11)
    const sessionId = await newSession()
    const path = await uploadStockPhoto(owner, sessionId, 'start', bytes)
    const fields = { session_id: sessionId, side: 'start', path, detections: JSON.stringify(await phoneList(bytes)) }
    expect(await addStocktakePhoto(idle, formData({ ...fields, camera_time: 'yesterday at noon' }))).toMatchObject({ ok: false, fieldErrors: { camera_time: ["The photo's time could not be read"] } })
    expect(await rows('select id from count_photos where session_id = $1', [sessionId])).toEqual([])
    // a minute ago, as the camera wrote it in a shop two hours ahead of UTC
    const taken = new Date(Date.now() - 60_000)
    const local = new Date(taken.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)
    expect(await addStocktakePhoto(idle, formData({ ...fields, camera_time: `${local}+02:00` }))).toEqual({ ok: true })
    expect(await rows("select to_char(taken_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS') as at, time_source from count_photos where session_id = $1", [sessionId])).toEqual([
      { at: taken.toISOString().slice(0, 19), time_source: 'camera' },
    ])
    const before = await proposal(sessionId)
    expect(await countPhotoOnServer(idle, formData({ session_id: sessionId, photo_id: 'first' }))).toMatchObject({ ok: false, fieldErrors: { photo_id: ['This photo is not in the stocktake'] } })
    expect(await proposal(sessionId)).toEqual(before)
  })

  describe('in a shop that counts with the vision model', () => {
    beforeEach(() => {
      // nothing answers there: no photo in these tests gets as far as the model
      vi.stubEnv('SHELFSNAP_VISION_BASE_URL', 'http://127.0.0.1:9/v1')
      vi.stubEnv('SHELFSNAP_VISION_MODEL', 'fake-vision-model')
    })
    afterEach(() => vi.unstubAllEnvs())

    it('refuses a sheet of label crops, which the model cannot count, and changes nothing', async () => {
      const bytes = await shelfJpeg(SHELF.slice(0, 2), 12)
      const list: DetectionList = { ...(await phoneList(bytes)), sheet: LABEL_SHEET }
      const sheet = await sharp({ create: { ...sheetSize(LABEL_SHEET, list.codes.length), channels: 3, background: '#ffffff' } }).jpeg().toBuffer()
      const sessionId = await newSession()
      const { path, result } = await add(sessionId, sheet, list)
      expect(result).toEqual({ ok: false, message: VISION_NEEDS_PHOTO })
      expect(await rows('select id from count_photos where session_id = $1', [sessionId])).toEqual([])
      expect(await objectCount(path)).toBe(0)
    })

    it("keeps the whole photo and leaves the phone's codes aside: the photo waits for the server's count", async () => {
      const bytes = await shelfJpeg(SHELF.slice(0, 2), 13)
      const sessionId = await newSession()
      expect((await add(sessionId, bytes, await phoneList(bytes))).result).toEqual({ ok: true })
      expect((await proposal(sessionId)).photo).toEqual([expect.objectContaining({ status: 'pending', codes_found: null })])
      expect(await countedOn(sessionId)).toEqual({ counted_on: null, kept_on_device: false })
      expect((await proposal(sessionId)).lines).toEqual([])
    })
  })
})
