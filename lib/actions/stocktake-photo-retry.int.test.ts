// A photo sent again (picked offline and retried, its upload cut half-way, or
// the answer lost) is stored once: the phone names its file with the photo's
// key, a cut upload leaves nothing behind, the same file again is refused as
// already there (statusCode 409), and recording it again answers ok with the one photo.
// Checked through the real storage HTTP API and the real action.
import { request } from 'node:http'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { openSession, shelfJpeg } from '@/test/support/stocktake-test-data'
import { STOCK_PHOTOS_BUCKET, stockPhotoPath } from '@/lib/stocktakes/photo-path'
import { PUBLISHABLE_KEY, SECRET_KEY } from '@/supabase/local/config'
import type { Stack } from '@/supabase/local/stack'
import { addStocktakePhoto } from './add-stocktake-photo'

let stack: Stack
let owner: Owner
let photo: Buffer

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  photo = await shelfJpeg([{ text: 'TIN-01', format: 'qrcode', count: 2 }])
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  await signInAs(owner)
  await stack.db.query("delete from count_sessions where shop_id = $1 and status = 'open'", [owner.shopId])
})

async function objectsIn(folder: string): Promise<string[]> {
  const res = await fetch(`${stack.url}/storage/v1/object/list/${STOCK_PHOTOS_BUCKET}`, {
    method: 'POST',
    headers: { apikey: SECRET_KEY, authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: folder, limit: 1000 }),
  })
  return ((await res.json()) as { name: string }[]).map((item) => item.name)
}

const rows = async (sessionId: string) =>
  (await stack.db.query<{ storage_path: string; time_source: string }>('select storage_path, time_source from count_photos where session_id = $1', [sessionId])).rows

const takenAt = async (path: string) =>
  (await stack.db.query<{ ms: number; time_source: string }>('select (extract(epoch from taken_at) * 1000)::float8 as ms, time_source from count_photos where storage_path = $1', [path])).rows[0]!

/** Starts the photo's upload as the browser does, sends half of it, and cuts the connection. */
async function cutUpload(path: string, bytes: Buffer): Promise<void> {
  const token = (await owner.client.auth.getSession()).data.session!.access_token
  const url = new URL(`${stack.url}/storage/v1/object/${STOCK_PHOTOS_BUCKET}/${path}`)
  await new Promise<void>((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${token}`, 'content-type': 'image/jpeg', 'content-length': bytes.byteLength },
    })
    req.on('error', () => resolve())
    req.on('response', () => resolve())
    req.write(bytes.subarray(0, bytes.byteLength >> 1), () => setTimeout(() => req.destroy(), 100))
  })
}

const upload = (path: string) => owner.client.storage.from(STOCK_PHOTOS_BUCKET).upload(path, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }))
const record = (sessionId: string, path: string, extra: Record<string, string> = {}) =>
  addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path, ...extra }))

describe('a photo sent again is stored once', () => {
  it('an upload cut half-way leaves nothing; sent again with the same key it goes in once, and sending it a third time changes nothing', async () => {
    const sessionId = await openSession(owner)
    const folder = `${owner.shopId}/${sessionId}`
    const path = stockPhotoPath(owner.shopId, sessionId, 'start', randomUUID(), 'jpg')
    await cutUpload(path, photo)
    expect(await objectsIn(folder)).toEqual([])

    expect((await upload(path)).error).toBeNull()
    // the answer to that one lost: the phone sends the same file again, and is told it is there (as
    // hosted Storage says it: HTTP 400, statusCode "409")
    expect((await upload(path)).error).toMatchObject({ statusCode: '409' })
    expect(await record(sessionId, path)).toEqual({ ok: true })
    // and the answer to the record lost too: recorded again, still one photo, its file kept
    expect(await record(sessionId, path)).toEqual({ ok: true })
    expect(await rows(sessionId)).toEqual([{ storage_path: path, time_source: 'uploaded' }])
    expect(await objectsIn(folder)).toEqual([path.split('/').at(-1)])
  })

  it('the same photo recorded twice at once: one photo, and its file stays', async () => {
    const sessionId = await openSession(owner)
    const path = stockPhotoPath(owner.shopId, sessionId, 'start', randomUUID(), 'jpg')
    expect((await upload(path)).error).toBeNull()
    expect(await Promise.all([record(sessionId, path), record(sessionId, path)])).toEqual([{ ok: true }, { ok: true }])
    expect(await rows(sessionId)).toHaveLength(1)
    expect(await objectsIn(`${owner.shopId}/${sessionId}`)).toEqual([path.split('/').at(-1)])
  })
})

describe('a photo picked offline keeps its time', () => {
  it('a photo without a camera time is dated when the phone picked it, not when it arrived', async () => {
    const sessionId = await openSession(owner)
    const path = stockPhotoPath(owner.shopId, sessionId, 'start', randomUUID(), 'jpg')
    await upload(path)
    const picked = new Date(Date.now() - 90 * 60_000)
    expect(await record(sessionId, path, { picked_at: picked.toISOString() })).toEqual({ ok: true })
    expect(await takenAt(path)).toEqual({ ms: picked.getTime(), time_source: 'uploaded' })
  })

  it('a pick time ahead of the server (a phone clock running fast) gives the time it arrived; one that is not a time is refused and leaves no photo', async () => {
    const sessionId = await openSession(owner)
    const ahead = stockPhotoPath(owner.shopId, sessionId, 'start', randomUUID(), 'jpg')
    await upload(ahead)
    const before = Date.now()
    expect(await record(sessionId, ahead, { picked_at: new Date(Date.now() + 3 * 3_600_000).toISOString() })).toEqual({ ok: true })
    const { ms } = await takenAt(ahead)
    expect(ms).toBeGreaterThanOrEqual(before - 1_000)
    expect(ms).toBeLessThanOrEqual(Date.now() + 1_000)

    const bad = stockPhotoPath(owner.shopId, sessionId, 'start', randomUUID(), 'jpg')
    await upload(bad)
    expect(await record(sessionId, bad, { picked_at: 'yesterday morning' })).toMatchObject({ ok: false, fieldErrors: { picked_at: ["The photo's time could not be read"] } })
    expect(await rows(sessionId)).toHaveLength(1)
  })
})
