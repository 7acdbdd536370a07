import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { finishedAfterTasks, formData, idle, signInAs, startActionStack } from './action-test-harness'
import { addStocktakePhoto } from './add-stocktake-photo'
import { analyseStocktake } from './analyse-stocktake'
import { addProduct, ownerWithShop, snapshot, type Owner } from './catalogue-test-data'
import { confirmStocktake } from './confirm-stocktake'
import { startStocktake } from './start-stocktake'
import { NOT_FOUND } from './stocktake-access'
import { stocktakeProgress } from './stocktake-progress'
import { signedPhotoUrls } from '@/lib/data/stocktakes'
import { shelfJpeg, uploadStockPhoto } from './stocktake-test-data'
import { NOTHING_FOUND } from '@/lib/stocktakes/run-analysis'
import { MISSING_IMAGES } from '@/lib/validations/stocktake'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let rival: Owner
let milk: string
let tin: string

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  rival = await ownerWithShop(stack, 'Rival Shop')
  milk = await addProduct(owner, { name: 'Milk', sku: 'MILK-1L', barcode: '5000000000012', qty: 3 })
  tin = await addProduct(owner, { name: 'Tin', sku: 'TIN-01', qty: 2 })
})
afterAll(async () => stack?.stop())
beforeEach(async () => signInAs(owner))

async function newSession(): Promise<string> {
  const started = await startStocktake(idle, formData({}))
  expect(started).toMatchObject({ ok: true })
  return (started as { sessionId: string }).sessionId
}

const photoForm = (sessionId: string, side: string, path: string, takenAt = Date.now()) =>
  formData({ session_id: sessionId, side, path, taken_at: String(takenAt) })

async function addShelf(sessionId: string, side: 'start' | 'end', bytes: Buffer) {
  const path = await uploadStockPhoto(owner, sessionId, side, bytes)
  return addStocktakePhoto(idle, photoForm(sessionId, side, path))
}

const rows = async (sql: string, params: unknown[]) => (await stack.db.query(sql, params)).rows

describe('a photo stocktake from upload to confirmed stock', () => {
  let sessionId: string

  it('counts each side by barcode and SKU, lists unknown codes, and changes no stock', async () => {
    const before = await snapshot(stack)
    sessionId = await newSession()
    const start = await shelfJpeg([
      { text: '5000000000012', format: 'ean13', count: 3 },
      { text: 'TIN-01', format: 'qrcode', count: 2 },
      { text: 'UNKNOWN-9', format: 'code128', count: 1 },
    ])
    const end = await shelfJpeg([{ text: '5000000000012', format: 'ean13', count: 1 }, { text: 'TIN-01', format: 'qrcode', count: 2 }], 2)
    expect(await addShelf(sessionId, 'start', start)).toEqual({ ok: true })
    expect(await addShelf(sessionId, 'end', end)).toEqual({ ok: true })
    expect(await analyseStocktake(idle, formData({ session_id: sessionId }))).toEqual({ ok: true, message: 'Analysis started' })
    await finishedAfterTasks()
    expect(await rows('select status, analyser, error from count_sessions where id = $1', [sessionId])).toEqual([
      { status: 'review', analyser: 'barcode', error: null },
    ])
    const { data: review } = await owner.client.rpc('count_session_review', { p_session_id: sessionId }).throwOnError()
    expect(review).toMatchObject([
      { product_id: milk, start_count: 3, end_count: 1, qty: 3 },
      { product_id: tin, start_count: 2, end_count: 2, qty: 2 },
    ])
    expect(await rows('select label, format, count from count_unmatched where session_id = $1', [sessionId])).toEqual([
      { label: 'UNKNOWN-9', format: 'Code128', count: 1 },
    ])
    expect(await snapshot(stack)).toEqual(before)
  })

  it('confirms the corrected counts once: quantities and ledger change together, a second submit applies nothing', async () => {
    const counts = JSON.stringify([
      { product_id: milk, start_count: 3, end_count: 2 },
      { product_id: tin, start_count: 2, end_count: 2 },
    ])
    const form = () => formData({ session_id: sessionId, counts })
    const [first, second] = await Promise.all([confirmStocktake(idle, form()), confirmStocktake(idle, form())])
    const messages = [first.message, second.message].sort()
    expect(messages).toEqual(['Stocktake confirmed: stock updated for 1 product', 'This stocktake was already confirmed. Nothing was applied twice.'])
    expect(await rows('select qty from products where id = $1', [milk])).toEqual([{ qty: 2 }])
    expect(await rows("select delta, reason, source from stock_movements where product_id = $1 and source = 'photo_count'", [milk])).toEqual([
      { delta: -1, reason: 'gone', source: 'photo_count' },
    ])
    expect(await confirmStocktake(idle, form())).toMatchObject({ ok: true, message: 'This stocktake was already confirmed. Nothing was applied twice.' })
    expect(await rows("select count(*)::int as n from stock_movements where source = 'photo_count'", [])).toEqual([{ n: 1 }])
  })
})

describe('what the ledger recorded during the day', () => {
  const pause = (ms: number) => new Promise((resume) => setTimeout(resume, ms))

  it('splits units gone into sold and missing, counts receipts, and keeps what was recorded after the end photos', async () => {
    const tea = await addProduct(owner, { name: 'Ledger Tea', sku: 'TEA-9', qty: 10 })
    const jam = await addProduct(owner, { name: 'Ledger Jam', sku: 'JAM-9', qty: 5 })
    const sessionId = await newSession()
    const startPath = await uploadStockPhoto(owner, sessionId, 'start', await shelfJpeg([{ text: 'TEA-9', format: 'qrcode', count: 10 }, { text: 'JAM-9', format: 'qrcode', count: 5 }], 3))
    expect(await addStocktakePhoto(idle, photoForm(sessionId, 'start', startPath, Date.now() - 30 * 60_000))).toEqual({ ok: true })
    // During the day: 3 teas sold at the till, 2 jams delivered.
    await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -3, p_reason: 'sold' }).throwOnError()
    await owner.client.rpc('adjust_stock', { p_product_id: jam, p_delta: 2, p_reason: 'received' }).throwOnError()
    await pause(50)
    const endPath = await uploadStockPhoto(owner, sessionId, 'end', await shelfJpeg([{ text: 'TEA-9', format: 'qrcode', count: 4 }, { text: 'JAM-9', format: 'qrcode', count: 8 }], 4))
    expect(await addStocktakePhoto(idle, photoForm(sessionId, 'end', endPath, Date.now()))).toEqual({ ok: true })
    await pause(50)
    // After the evening photo, before the owner confirms: one more tea sold.
    await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -1, p_reason: 'sold' }).throwOnError()

    await analyseStocktake(idle, formData({ session_id: sessionId }))
    await finishedAfterTasks()
    const { data: review } = await owner.client.rpc('count_session_review', { p_session_id: sessionId }).throwOnError()
    expect(review).toMatchObject([
      { product_id: jam, start_count: 5, end_count: 8, received: 2, sold: 0, qty: 7 },
      { product_id: tea, start_count: 10, end_count: 4, received: 0, sold: 3, qty: 6 },
    ])

    const counts = JSON.stringify([
      { product_id: tea, start_count: 10, end_count: 4 },
      { product_id: jam, start_count: 5, end_count: 8 },
    ])
    expect(await confirmStocktake(idle, formData({ session_id: sessionId, counts }))).toMatchObject({ ok: true })
    // Tea: 4 on the shelf in the evening, 1 sold since: 3. Sales were recorded, so the rest is missing ('lost').
    expect(await rows('select qty from products where id = $1', [tea])).toEqual([{ qty: 3 }])
    expect(await rows('select qty from products where id = $1', [jam])).toEqual([{ qty: 8 }])
    expect(await rows("select product_id, delta, reason from stock_movements where source = 'photo_count' and request_id = $1 order by delta", [sessionId])).toEqual([
      { product_id: tea, delta: -3, reason: 'lost' },
      { product_id: jam, delta: 1, reason: 'count_correction' },
    ])
    expect(await rows('select start_count, end_count, received, sold, qty_before, qty_after from count_results where product_id = $1', [tea])).toEqual([
      { start_count: 10, end_count: 4, received: 0, sold: 3, qty_before: 6, qty_after: 3 },
    ])
  })
})

describe('bad input changes nothing', () => {
  it.each([
    ['a file that is not an image', () => Buffer.from('just some text, not a photo'), 'This file is not a photo. Choose a JPEG, PNG or WebP image.'],
    ['a corrupt JPEG', async () => (await shelfJpeg([{ text: 'TIN-01', format: 'qrcode', count: 1 }])).subarray(0, 4000), 'This photo is damaged and could not be read. Take it again.'],
  ])('refuses %s, and removes the upload', async (_, bytes, message) => {
    const sessionId = await newSession()
    const path = await uploadStockPhoto(owner, sessionId, 'start', await bytes())
    expect(await addStocktakePhoto(idle, photoForm(sessionId, 'start', path))).toEqual({ ok: false, message })
    expect(await rows('select count(*)::int as n from count_photos where session_id = $1', [sessionId])).toEqual([{ n: 0 }])
    expect(await rows('select count(*)::int as n from storage.objects where name = $1', [path])).toEqual([{ n: 0 }])
  })

  it('refuses a 30 MB file at the bucket, and a photo that never arrived', async () => {
    const sessionId = await newSession()
    await expect(uploadStockPhoto(owner, sessionId, 'start', Buffer.alloc(30 * 1024 * 1024, 1))).rejects.toThrow(/size/i)
    const path = `${owner.shopId}/${sessionId}/start-11111111-1111-4111-8111-111111111111.jpg`
    expect(await addStocktakePhoto(idle, photoForm(sessionId, 'start', path))).toEqual({ ok: false, message: 'The photo did not arrive. Try uploading it again.' })
  })

  it("refuses a photo in another shop's folder, another session's or a traversal", async () => {
    const sessionId = await newSession()
    const message = "This photo is not in your shop's folder"
    for (const path of [
      `${rival.shopId}/${sessionId}/start-11111111-1111-4111-8111-111111111111.jpg`,
      `${owner.shopId}/${sessionId}/../start-11111111-1111-4111-8111-111111111111.jpg`,
      `${owner.shopId}/${sessionId}/end-11111111-1111-4111-8111-111111111111.jpg`,
    ]) {
      expect(await addStocktakePhoto(idle, photoForm(sessionId, 'start', path))).toMatchObject({ ok: false, message })
    }
  })

  it('refuses a photo time in the future, an unknown side and a made-up session', async () => {
    const sessionId = await newSession()
    const path = `${owner.shopId}/${sessionId}/start-11111111-1111-4111-8111-111111111111.jpg`
    expect((await addStocktakePhoto(idle, photoForm(sessionId, 'start', path, Date.now() + 86_400_000))).message).toBe(
      "The photo's time is in the future. Check the phone's clock.",
    )
    expect((await addStocktakePhoto(idle, photoForm(sessionId, 'left', path))).message).toBe('Choose Start of Day or End of Day')
    expect((await analyseStocktake(idle, formData({ session_id: '11111111-1111-4111-8111-111111111111' }))).message).toBe(NOT_FOUND)
  })

  it('will not analyse without both sides', async () => {
    const sessionId = await newSession()
    await addShelf(sessionId, 'start', await shelfJpeg([{ text: 'TIN-01', format: 'qrcode', count: 1 }]))
    expect(await analyseStocktake(idle, formData({ session_id: sessionId }))).toEqual({ ok: false, message: MISSING_IMAGES.description })
  })

  it('fails a stocktake whose photos have no codes, with a clear message and no counts', async () => {
    const sessionId = await newSession()
    const blank = await shelfJpeg([])
    await addShelf(sessionId, 'start', blank)
    await addShelf(sessionId, 'end', blank)
    await analyseStocktake(idle, formData({ session_id: sessionId }))
    await finishedAfterTasks()
    expect(await rows('select status, error from count_sessions where id = $1', [sessionId])).toEqual([{ status: 'failed', error: NOTHING_FOUND.barcode }])
    expect(await rows('select count(*)::int as n from count_lines where session_id = $1', [sessionId])).toEqual([{ n: 0 }])
  })

  it("cannot confirm another shop's stocktake or count another shop's product", async () => {
    const rivalProduct = await addProduct(rival, { name: 'Rival Tea', qty: 4 })
    const { data: rivalSession } = await rival.client.from('count_sessions').insert({ shop_id: rival.shopId }).select('id').single().throwOnError()
    await stack.db.query("update count_sessions set status = 'review' where id = $1", [rivalSession.id])
    const before = await snapshot(stack)
    const counts = JSON.stringify([{ product_id: rivalProduct, start_count: 4, end_count: 0 }])
    expect(await confirmStocktake(idle, formData({ session_id: rivalSession.id, counts }))).toEqual({ ok: false, message: 'Stocktake not found' })
    const own = await newSession()
    await stack.db.query("update count_sessions set status = 'review' where id = $1", [own])
    expect(await confirmStocktake(idle, formData({ session_id: own, counts }))).toEqual({ ok: false, message: 'Product not found' })
    expect(await rows('select status from count_sessions where id = $1', [own])).toEqual([{ status: 'review' }])
    expect(await snapshot(stack)).toEqual(before)
  })
})

describe("another shop's stocktakes stay private", () => {
  it('are not found through the app: progress, photos and signed links', async () => {
    const { data: session } = await rival.client.from('count_sessions').insert({ shop_id: rival.shopId }).select('id').single().throwOnError()
    const path = await uploadStockPhoto(rival, session.id, 'start', await shelfJpeg([]))
    expect(await stocktakeProgress(session.id)).toEqual({ ok: false, message: NOT_FOUND })
    expect(await stocktakeProgress("x' or 1=1")).toEqual({ ok: false, message: NOT_FOUND })
    expect((await signedPhotoUrls(owner.client, [path])).size).toBe(0)
  })

  it("signs its own photos only for a short while: the link stops working when it expires", async () => {
    const sessionId = await newSession()
    const path = await uploadStockPhoto(owner, sessionId, 'start', await shelfJpeg([]))
    const url = (await signedPhotoUrls(owner.client, [path], 1)).get(path)!
    expect((await fetch(url)).status).toBe(200)
    await new Promise((resume) => setTimeout(resume, 2100))
    const expired = await fetch(url)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ error: 'InvalidJWT' })
  })
})
