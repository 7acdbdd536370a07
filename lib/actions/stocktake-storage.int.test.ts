// A stocktake's photos in storage: discarding and the 7-day clean-up leave no
// object behind (checked by listing the bucket through the raw storage API,
// with the secret key, so nothing hides behind RLS), and another shop's photos
// stay private.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addStocktakePhoto } from './add-stocktake-photo'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { discardStocktake } from './discard-stocktake'
import { startStocktake } from './start-stocktake'
import { stocktakeProgress } from './stocktake-progress'
import { countedPhoto, openSession, shelfJpeg, uploadStockPhoto } from '@/test/support/stocktake-test-data'
import { removePhotoFile, signedPhotoUrls, signedPreviewUrls } from '@/lib/data/stocktake-photos'
import { previewPathOf, STOCK_PHOTOS_BUCKET } from '@/lib/stocktakes/photo-path'
import { getOpenStocktake, recentStocktakes } from '@/lib/data/stocktakes'
import { expireStaleStocktakes } from '@/lib/workflows/close-stocktake'
import { STOCKTAKE_NOT_FOUND } from '@/lib/validations/stocktake'
import { SECRET_KEY } from '@/supabase/local/config'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let rival: Owner

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  rival = await ownerWithShop(stack, 'Rival Shop')
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  await signInAs(owner)
  await stack.db.query("delete from count_sessions where shop_id = $1 and status = 'open'", [owner.shopId])
})

/** Every object under a folder of the bucket, listed through the storage API with the secret key. */
async function listBucket(prefix: string): Promise<string[]> {
  const res = await fetch(`${stack.url}/storage/v1/object/list/stock-photos`, {
    method: 'POST',
    headers: { apikey: SECRET_KEY, authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prefix, limit: 1000 }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { name: string }[]).map((item) => item.name)
}

/** A stocktake with recorded photos on both sides, and a file uploaded but never recorded (a tab closed mid-way). */
async function stocktakeWithFiles(who: Owner = owner) {
  const sessionId = await openSession(who)
  const photo = await shelfJpeg([{ text: 'TIN-01', format: 'qrcode', count: 1 }])
  const recorded = await uploadStockPhoto(who, sessionId, 'start', photo)
  await signInAs(who)
  expect(await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path: recorded }))).toEqual({ ok: true })
  await countedPhoto(who, sessionId, 'end', {})
  await uploadStockPhoto(who, sessionId, 'end', photo)
  return sessionId
}

describe('closing a stocktake removes its photos', () => {
  it('discarding removes every row and every object in its folder, recorded or not', async () => {
    const sessionId = await stocktakeWithFiles()
    expect(await listBucket(`${owner.shopId}/${sessionId}`)).toHaveLength(2)
    expect(await discardStocktake(idle, formData({ session_id: sessionId }))).toEqual({ ok: true, message: 'Stocktake discarded: its photos and counts are gone' })
    expect(await listBucket(`${owner.shopId}/${sessionId}`)).toEqual([])
    for (const table of ['count_sessions', 'count_photos', 'count_lines', 'count_edits']) {
      const column = table === 'count_sessions' ? 'id' : 'session_id'
      expect((await stack.db.query(`select count(*)::int as n from ${table} where ${column} = $1`, [sessionId])).rows, table).toEqual([{ n: 0 }])
    }
    expect(await discardStocktake(idle, formData({ session_id: sessionId }))).toEqual({ ok: false, message: STOCKTAKE_NOT_FOUND })
  })

  it('a confirmed stocktake cannot be discarded', async () => {
    const sessionId = await openSession(owner)
    await stack.db.query("update count_sessions set status = 'confirmed' where id = $1", [sessionId])
    expect(await discardStocktake(idle, formData({ session_id: sessionId }))).toMatchObject({ ok: false })
    expect((await stack.db.query('select status from count_sessions where id = $1', [sessionId])).rows).toEqual([{ status: 'confirmed' }])
  })

  it('one left unfinished for 7 days loses its photos by the same path, and the list says so; a newer one is kept', async () => {
    const stale = await stocktakeWithFiles()
    await stack.db.query("update count_sessions set created_at = now() - interval '8 days' where id = $1", [stale])
    expect((await getOpenStocktake(owner.client, owner.shopId))).toBeNull()
    const fresh = await stocktakeWithFiles()
    expect(fresh).not.toBe(stale)
    expect(await expireStaleStocktakes(owner.client, owner.shopId)).toBe(1)
    expect(await listBucket(`${owner.shopId}/${stale}`)).toEqual([])
    expect(await listBucket(`${owner.shopId}/${fresh}`)).toHaveLength(2)
    expect((await stack.db.query('select status, expired_at is not null as expired from count_sessions where id = $1', [stale])).rows).toEqual([
      { status: 'expired', expired: true },
    ])
    expect((await stack.db.query('select count(*)::int as n from count_photos where session_id = $1', [stale])).rows).toEqual([{ n: 0 }])
    expect((await recentStocktakes(owner.client, owner.shopId)).find((s) => s.id === stale)).toMatchObject({ status: 'expired' })
    expect(await stocktakeProgress(stale)).toMatchObject({ ok: true, stage: 'expired' })
    // Nothing is left to expire, and an expired stocktake takes no more photos.
    expect(await expireStaleStocktakes(owner.client, owner.shopId)).toBe(0)
    const path = await uploadStockPhoto(owner, stale, 'start', await shelfJpeg([]))
    expect(await addStocktakePhoto(idle, formData({ session_id: stale, side: 'start', path }))).toMatchObject({
      ok: false,
      message: 'This stocktake was left unfinished for 7 days and closed. Start a new one.',
    })
    expect(await listBucket(`${owner.shopId}/${stale}`)).toEqual([])
  })
})

describe('the open stocktake is always reachable', () => {
  it("yesterday's unfinished stocktake is still the open one the next morning, with its photos", async () => {
    const sessionId = await stocktakeWithFiles()
    await stack.db.query("update count_sessions set created_at = now() - interval '20 hours' where id = $1", [sessionId])
    expect(await startStocktake(idle, formData({}))).toMatchObject({ ok: true, sessionId })
    expect((await getOpenStocktake(owner.client, owner.shopId))?.id).toBe(sessionId)
    expect(await expireStaleStocktakes(owner.client, owner.shopId)).toBe(0)
    expect(await listBucket(`${owner.shopId}/${sessionId}`)).toHaveLength(2)
    await discardStocktake(idle, formData({ session_id: sessionId }))
  })
})

describe("another shop's stocktakes stay private", () => {
  it('are not found through the app: progress, discard and signed links', async () => {
    const sessionId = await stocktakeWithFiles(rival)
    await signInAs(owner)
    const [path] = (await listBucket(`${rival.shopId}/${sessionId}`)).map((name) => `${rival.shopId}/${sessionId}/${name}`)
    expect(await stocktakeProgress(sessionId)).toEqual({ ok: false, message: STOCKTAKE_NOT_FOUND })
    expect(await stocktakeProgress("x' or 1=1")).toEqual({ ok: false, message: STOCKTAKE_NOT_FOUND })
    expect(await discardStocktake(idle, formData({ session_id: sessionId }))).toEqual({ ok: false, message: STOCKTAKE_NOT_FOUND })
    expect((await signedPhotoUrls(owner.client, [path!])).size).toBe(0)
    expect(await listBucket(`${rival.shopId}/${sessionId}`)).toHaveLength(2)
    // And the owner's own stocktake is theirs alone: starting one never joins the rival's.
    expect(await startStocktake(idle, formData({}))).not.toMatchObject({ sessionId })
  })

  it('signs its own photos only for a short while: the link stops working when it expires', async () => {
    const sessionId = await openSession(owner)
    const path = await uploadStockPhoto(owner, sessionId, 'start', await shelfJpeg([]))
    // 2 s: a token's times are whole seconds, so a link for 1 s can be spent the moment it is signed
    const url = (await signedPhotoUrls(owner.client, [path], 2)).get(path)!
    expect((await fetch(url)).status).toBe(200)
    await new Promise((resume) => setTimeout(resume, 3100))
    const expired = await fetch(url)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ error: 'InvalidJWT' })
  })
})

describe('previews', () => {
  it("link a photo's small copy where it has one and the photo itself where not, and go with the photo", async () => {
    const sessionId = await openSession(owner)
    const [withPreview, without] = [
      await uploadStockPhoto(owner, sessionId, 'start', await shelfJpeg([])),
      await uploadStockPhoto(owner, sessionId, 'end', await shelfJpeg([])),
    ]
    const small = await shelfJpeg([])
    const { error } = await owner.client.storage.from(STOCK_PHOTOS_BUCKET).upload(previewPathOf(withPreview), new Blob([new Uint8Array(small)], { type: 'image/jpeg' }))
    expect(error).toBeNull()

    const urls = await signedPreviewUrls(owner.client, [withPreview, without])
    expect(new URL(urls.get(withPreview)!).pathname).toContain(previewPathOf(withPreview))
    expect(new URL(urls.get(without)!).pathname).toContain(without)
    expect((await fetch(urls.get(withPreview)!)).status).toBe(200)
    // Another shop gets neither.
    await signInAs(rival)
    expect((await signedPreviewUrls(rival.client, [withPreview, without])).size).toBe(0)

    await removePhotoFile(owner.client, withPreview)
    expect(await listBucket(`${owner.shopId}/${sessionId}`)).toEqual([without.split('/').at(-1)])
  })
})

