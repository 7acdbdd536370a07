import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { finishedAfterTasks, formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addStocktakePhoto } from './add-stocktake-photo'
import { analyseStocktake, countStocktakePhotos } from './analyse-stocktake'
import { addProduct, ownerWithShop, snapshot, type Owner } from '@/test/support/catalogue-test-data'
import { confirmStocktake } from './confirm-stocktake'
import { startStocktake } from './start-stocktake'
import { stocktakeProgress } from './stocktake-progress'
import { shelfJpeg, uploadStockPhoto } from '@/test/support/stocktake-test-data'
import { getReview } from '@/lib/data/stocktake-review'
import { getOpenStocktake } from '@/lib/data/stocktakes'
import { toLocalInput } from '@/lib/format/date-time'
import { NOTHING_FOUND } from '@/lib/workflows/run-analysis'
import { STOCKTAKE_NOT_FOUND } from '@/lib/validations/stocktake'
import { MISSING_IMAGES, PHOTO_HEADER_BYTES } from '@/lib/stocktakes/photo-limits'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let milk: string
let tin: string
const ZONE = 'Asia/Kolkata'

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  await owner.client.from('shops').update({ timezone: ZONE }).eq('id', owner.shopId).throwOnError()
  milk = await addProduct(owner, { name: 'Milk', sku: 'MILK-1L', barcode: '5000000000012', qty: 3 })
  tin = await addProduct(owner, { name: 'Tin', sku: 'TIN-01', qty: 2 })
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  await signInAs(owner)
  await stack.db.query("delete from count_sessions where shop_id = $1 and status = 'open'", [owner.shopId])
})

const rows = async (sql: string, params: unknown[] = []) => (await stack.db.query(sql, params)).rows

async function newSession(): Promise<string> {
  const started = await startStocktake(idle, formData({}))
  expect(started).toMatchObject({ ok: true })
  return (started as { sessionId: string }).sessionId
}

/** EXIF's "YYYY:MM:DD HH:MM:SS" for a moment on the shop's clock. */
const exifTime = (ms: number) => `${toLocalInput(new Date(ms).toISOString(), ZONE).replace(/-/g, ':').replace('T', ' ')}:00`

/** A JPEG as a phone writes it: with the camera's time (and its offset) when given. */
async function cameraJpeg(items: Parameters<typeof shelfJpeg>[0], seed: number, camera?: { at: string; offset?: string }) {
  const jpeg = await shelfJpeg(items, seed)
  if (!camera) return jpeg
  const exif = { DateTimeOriginal: camera.at, ...(camera.offset ? { OffsetTimeOriginal: camera.offset } : {}) }
  return sharp(jpeg).withExif({ IFD0: { Make: 'Test phone' }, IFD2: exif }).jpeg({ quality: 92 }).toBuffer()
}

/** Uploads the photo and records it, sending the file's first bytes as the phone does. */
async function addShelf(sessionId: string, side: 'start' | 'end', bytes: Buffer) {
  const path = await uploadStockPhoto(owner, sessionId, side, bytes)
  const header = new File([new Uint8Array(bytes.subarray(0, PHOTO_HEADER_BYTES))], 'header.jpg', { type: 'image/jpeg' })
  return { path, result: await addStocktakePhoto(idle, formData({ session_id: sessionId, side, path, header })) }
}

const photosOf = (sessionId: string) =>
  rows('select side, time_source, taken_at, status from count_photos where session_id = $1 order by side desc, taken_at', [sessionId])
const objectCount = async (path: string) => (await rows('select count(*)::int as n from storage.objects where name = $1', [path]))[0]!.n

describe('a stocktake through the day', () => {
  it('counts the morning as soon as its photo is in; the evening later; then the review and the stock', async () => {
    const before = await snapshot(stack)
    const sessionId = await newSession()
    const morning = await cameraJpeg(
      [
        { text: '5000000000012', format: 'ean13', count: 3 },
        { text: 'TIN-01', format: 'qrcode', count: 2 },
        { text: 'UNKNOWN-9', format: 'code128', count: 1 },
      ],
      1,
      { at: exifTime(Date.now() - 2 * 3600_000), offset: '+05:30' },
    )
    expect((await addShelf(sessionId, 'start', morning)).result).toEqual({ ok: true })
    expect(await countStocktakePhotos(idle, formData({ session_id: sessionId }))).toEqual({ ok: true })
    await finishedAfterTasks()
    // Morning counted, before any evening photo: and the stocktake is the shop's open one, wherever it is looked for.
    expect(await stocktakeProgress(sessionId)).toMatchObject({ ok: true, stage: 'morning', start: { photos: 1, counting: 0, codes: 6 }, end: { photos: 0 } })
    expect((await getOpenStocktake(owner.client, owner.shopId))?.id).toBe(sessionId)
    expect(await startStocktake(idle, formData({}))).toMatchObject({ ok: true, sessionId })
    expect(await analyseStocktake(idle, formData({ session_id: sessionId }))).toEqual({ ok: false, message: MISSING_IMAGES.description })

    const evening = await shelfJpeg([{ text: '5000000000012', format: 'ean13', count: 1 }, { text: 'TIN-01', format: 'qrcode', count: 2 }], 2)
    expect((await addShelf(sessionId, 'end', evening)).result).toEqual({ ok: true })
    expect(await analyseStocktake(idle, formData({ session_id: sessionId }))).toEqual({ ok: true, message: 'Analysis started' })
    await finishedAfterTasks()
    expect(await stocktakeProgress(sessionId)).toMatchObject({ ok: true, stage: 'ready', problem: null })
    expect(await photosOf(sessionId)).toEqual([
      { side: 'start', time_source: 'camera', taken_at: expect.any(String), status: 'analysed' },
      { side: 'end', time_source: 'uploaded', taken_at: expect.any(String), status: 'analysed' },
    ])
    expect(await rows('select label, format, count from count_unmatched where session_id = $1', [sessionId])).toEqual([
      { label: 'UNKNOWN-9', format: 'Code128', count: 1 },
    ])
    expect(await snapshot(stack)).toEqual(before)

    const review = (await getReview(owner.client, sessionId))!
    expect(review.lines).toMatchObject([
      { product_id: milk, start_count: 3, end_count: 1, gone: 2, sold_or_missing: 2, qty_after: 1 },
      { product_id: tin, start_count: 2, end_count: 2, gone: 0, qty_after: 2 },
    ])
    expect(await confirmStocktake(idle, formData({ session_id: sessionId, version: review.version }))).toMatchObject({
      ok: true,
      message: 'Stocktake confirmed: stock updated for 1 product',
    })
    expect(await rows('select qty from products where id = $1', [milk])).toEqual([{ qty: 1 }])
    expect(await rows("select delta, reason, source from stock_movements where product_id = $1 and source = 'photo_count'", [milk])).toEqual([
      { delta: -2, reason: 'gone', source: 'photo_count' },
    ])
    expect((await getOpenStocktake(owner.client, owner.shopId))?.id).toBeUndefined()
  })

  it('says plainly when the photos hold no codes, and counts nothing', async () => {
    const sessionId = await newSession()
    const blank = await shelfJpeg([])
    await addShelf(sessionId, 'start', blank)
    await addShelf(sessionId, 'end', blank)
    await analyseStocktake(idle, formData({ session_id: sessionId }))
    await finishedAfterTasks()
    expect(await stocktakeProgress(sessionId)).toMatchObject({ ok: true, stage: 'nothing_found', problem: NOTHING_FOUND.barcode })
    expect(await rows('select count(*)::int as n from count_lines where session_id = $1', [sessionId])).toEqual([{ n: 0 }])
  })
})

describe('photo times', () => {
  const at = (ms: number) => new Date(ms).toISOString()

  it("takes the camera's time with its offset, or on the shop's clock without one, or the upload's without EXIF", async () => {
    const sessionId = await newSession()
    const twoHoursAgo = Date.now() - 2 * 3600_000
    const wall = exifTime(twoHoursAgo)
    // With "+09:00" the same wall time is 3½ hours earlier than on the shop's (Kolkata, +05:30) clock.
    expect((await addShelf(sessionId, 'start', await cameraJpeg([], 3, { at: wall }))).result).toEqual({ ok: true })
    expect((await addShelf(sessionId, 'start', await cameraJpeg([], 4, { at: wall, offset: '+09:00' }))).result).toEqual({ ok: true })
    const uploadedFrom = Date.now()
    await addShelf(sessionId, 'end', await cameraJpeg([], 5))
    const [tokyo, shopClock, uploaded] = (await photosOf(sessionId)) as { time_source: string; taken_at: Date }[]
    const minute = Math.floor(twoHoursAgo / 60_000) * 60_000
    expect(shopClock).toMatchObject({ time_source: 'camera' })
    expect(new Date(shopClock!.taken_at).toISOString()).toBe(at(minute))
    expect(new Date(tokyo!.taken_at).toISOString()).toBe(at(minute - 3.5 * 3600_000))
    expect(uploaded).toMatchObject({ time_source: 'uploaded' })
    expect(new Date(uploaded!.taken_at).getTime()).toBeGreaterThanOrEqual(uploadedFrom - 1000)
    expect(await rows('select start_time_source, end_time_source, started_at = $2::timestamptz as earliest from count_sessions where id = $1', [sessionId, at(minute - 3.5 * 3600_000)])).toEqual([
      { start_time_source: 'camera', end_time_source: 'uploaded', earliest: true },
    ])
  })

  it.each([
    ['a time in the future', 'start', () => exifTime(Date.now() + 26 * 3600_000), /camera time \(.*\) is in the future\. Check the phone's clock\./],
    ['a photo more than 2 days older than the stocktake', 'start', () => exifTime(Date.now() - 3 * 86_400_000), /more than 2 days before this stocktake began/],
    ['an evening photo older than the morning photos', 'end', () => exifTime(Date.now() - 3600_000), /is before the Start of Day photos/],
  ] as const)('refuses %s, clearly, and keeps nothing of it', async (_, side, time, message) => {
    const sessionId = await newSession()
    await addShelf(sessionId, 'start', await cameraJpeg([], 6))
    const before = await photosOf(sessionId)
    const { path, result } = await addShelf(sessionId, side, await cameraJpeg([], 7, { at: time() }))
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(message) })
    expect(await photosOf(sessionId)).toEqual(before)
    expect(await objectCount(path)).toBe(0)
  })

  it("lets the owner correct a side's time, keeps the photos' own, and refuses a correction that cannot be right", async () => {
    const { setStocktakeTime } = await import('./set-stocktake-time')
    const sessionId = await newSession()
    await addShelf(sessionId, 'start', await cameraJpeg([], 8))
    await addShelf(sessionId, 'end', await cameraJpeg([], 9))
    const earlier = toLocalInput(at(Date.now() - 3 * 3600_000), ZONE)
    expect(await setStocktakeTime(idle, formData({ session_id: sessionId, side: 'start', time: earlier }))).toEqual({ ok: true, message: 'Time set by hand' })
    expect(await rows('select start_time_source, started_at = start_time_owner as own from count_sessions where id = $1', [sessionId])).toEqual([
      { start_time_source: 'owner', own: true },
    ])
    expect((await photosOf(sessionId)).map((photo) => (photo as { time_source: string }).time_source)).toEqual(['uploaded', 'uploaded'])
    const tomorrow = toLocalInput(at(Date.now() + 86_400_000), ZONE)
    expect(await setStocktakeTime(idle, formData({ session_id: sessionId, side: 'end', time: tomorrow }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is in the future/),
      fieldErrors: { time: [expect.stringMatching(/is in the future/)] },
    })
    expect(await setStocktakeTime(idle, formData({ session_id: sessionId, side: 'end', time: toLocalInput(at(Date.now() - 4 * 3600_000), ZONE) }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/before the Start of Day photos/),
    })
    expect(await setStocktakeTime(idle, formData({ session_id: sessionId, side: 'start', time: '' }))).toMatchObject({ ok: true })
    expect(await rows('select start_time_source, start_time_owner from count_sessions where id = $1', [sessionId])).toEqual([
      { start_time_source: 'uploaded', start_time_owner: null },
    ])
    expect((await setStocktakeTime(idle, formData({ session_id: sessionId, side: 'start', time: 'yesterday at 8' }))).message).toBe('Enter a date and time')
  })
})

describe('bad input changes nothing', () => {
  it.each([
    ['a file that is not an image', () => Buffer.from('just some text, not a photo'), 'This file is not a photo. Choose a JPEG, PNG or WebP image.'],
    ['a corrupt JPEG', async () => (await shelfJpeg([{ text: 'TIN-01', format: 'qrcode', count: 1 }])).subarray(0, 4000), 'This photo is damaged and could not be read. Take it again.'],
  ])('refuses %s, and removes the upload', async (_, bytes, message) => {
    const sessionId = await newSession()
    const { path, result } = await addShelf(sessionId, 'start', await bytes())
    expect(result).toEqual({ ok: false, message })
    expect(await photosOf(sessionId)).toEqual([])
    expect(await objectCount(path)).toBe(0)
  })

  it('refuses a 30 MB file at the bucket, and a photo that never arrived', async () => {
    const sessionId = await newSession()
    await expect(uploadStockPhoto(owner, sessionId, 'start', Buffer.alloc(30 * 1024 * 1024, 1))).rejects.toThrow(/size/i)
    const path = `${owner.shopId}/${sessionId}/start-11111111-1111-4111-8111-111111111111.jpg`
    expect(await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path }))).toEqual({
      ok: false,
      message: 'The photo did not arrive. Try uploading it again.',
    })
  })

  it("refuses a photo in another shop's folder, another session's or a traversal, an unknown side, a made-up session, and a header too big", async () => {
    const sessionId = await newSession()
    const rival = await ownerWithShop(stack, 'Rival Shop')
    const message = "This photo is not in your shop's folder"
    for (const path of [
      `${rival.shopId}/${sessionId}/start-11111111-1111-4111-8111-111111111111.jpg`,
      `${owner.shopId}/${sessionId}/../start-11111111-1111-4111-8111-111111111111.jpg`,
      `${owner.shopId}/${sessionId}/end-11111111-1111-4111-8111-111111111111.jpg`,
    ]) {
      expect(await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path }))).toMatchObject({ ok: false, message })
    }
    const path = `${owner.shopId}/${sessionId}/start-11111111-1111-4111-8111-111111111111.jpg`
    expect((await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'left', path }))).message).toBe('Choose Start of Day or End of Day')
    expect((await addStocktakePhoto(idle, formData({ session_id: '11111111-1111-4111-8111-111111111111', side: 'start', path }))).message).toBe(STOCKTAKE_NOT_FOUND)
    const huge = new File([new Uint8Array(PHOTO_HEADER_BYTES + 1)], 'h.jpg')
    expect((await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path, header: huge }))).message).toBe('The photo could not be read')
    expect((await analyseStocktake(idle, formData({ session_id: 'nope' }))).message).toBe(STOCKTAKE_NOT_FOUND)
    expect(await photosOf(sessionId)).toEqual([])
  })

  it('refuses an eleventh photo on a side', async () => {
    const sessionId = await newSession()
    const blank = await shelfJpeg([], 11)
    for (let i = 0; i < 10; i++) await stack.db.query(
      "insert into count_photos (session_id, shop_id, side, storage_path, taken_at) values ($1, $2, 'start', $3, now())",
      [sessionId, owner.shopId, `${owner.shopId}/${sessionId}/start-0000000${i}-1111-4111-8111-111111111111.jpg`],
    )
    const { path, result } = await addShelf(sessionId, 'start', blank)
    expect(result).toEqual({ ok: false, message: 'At most 10 photos per side' })
    expect(await objectCount(path)).toBe(0)
  })
})
