// Changing and removing a stocktake's photos, through the real actions on a
// real stack: changing one photo replaces that photo only (the others and their
// counts stay), a refused change leaves the old photo, and a removal can be
// undone with the same photos and counts until it is purged with its files.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { finishedAfterTasks, formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addStocktakePhoto } from './add-stocktake-photo'
import { removeStocktakePhotos, undoPhotoRemoval, type RemovalState } from './remove-stocktake-photos'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { openSession, shelfJpeg, uploadStockPhoto } from '@/test/support/stocktake-test-data'
import { purgeRemovals } from '@/lib/data/photo-removals'
import { listPhotos } from '@/lib/data/stocktake-photos'
import { previewPathOf, STOCK_PHOTOS_BUCKET, type Side } from '@/lib/stocktakes/photo-path'
import { NOTHING_TO_UNDO } from '@/lib/validations/stocktake'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let tin: string

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  tin = await addProduct(owner, { name: 'Tin', sku: 'TIN-01', qty: 20 })
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  await signInAs(owner)
  await stack.db.query("delete from count_sessions where shop_id = $1 and status = 'open'", [owner.shopId])
  await stack.db.query('delete from count_photo_removals where shop_id = $1', [owner.shopId])
})

const rows = async (sql: string, params: unknown[] = []) => (await stack.db.query(sql, params)).rows
const objects = async (sessionId: string) =>
  (await rows('select name from storage.objects where name like $1', [`${owner.shopId}/${sessionId}/%`])).map((row) => row.name as string).sort()

/** What the stocktake holds, per photo in page order: id, side and its count of the tin. */
async function stored(sessionId: string) {
  return rows(
    `select ph.id, ph.side, ph.storage_path, ph.status, coalesce(sum(l.count), 0)::int as tins
       from count_photos ph left join count_lines l on l.photo_id = ph.id
      where ph.session_id = $1 group by ph.id order by ph.side desc, ph.created_at, ph.id`,
    [sessionId],
  )
}

/** The morning count as the review works it out (what the page shows and what confirming would book). */
async function morningCount(sessionId: string) {
  return (await rows('select coalesce(sum(start_count), 0)::int as n from count_session_plan($1)', [sessionId]))[0]!.n as number
}

/** A photo uploaded (with its preview) and recorded through the action; `tins` labels counted on it, as the job records them. */
async function shelf(sessionId: string, side: Side, tins: number, replaces?: string) {
  const path = await uploadStockPhoto(owner, sessionId, side, await shelfJpeg([], tins))
  await owner.client.storage.from(STOCK_PHOTOS_BUCKET).upload(previewPathOf(path), new Blob([new Uint8Array(await shelfJpeg([], 99))], { type: 'image/jpeg' }))
  const result = await addStocktakePhoto(idle, formData({ session_id: sessionId, side, path, ...(replaces ? { replaces } : {}) }))
  const [photo] = await rows('select id from count_photos where storage_path = $1', [path])
  if (photo && tins > 0) {
    await rows("insert into count_lines (photo_id, session_id, shop_id, product_id, count, confidence, analyser) values ($1, $2, $3, $4, $5, 1, 'barcode')", [
      photo.id, sessionId, owner.shopId, tin, tins,
    ])
    await rows("update count_photos set status = 'analysed', codes_found = $2, analyser = 'barcode' where id = $1", [photo.id, tins])
  }
  return { result, path, id: photo?.id as string | undefined }
}

async function threeShelves() {
  const sessionId = await openSession(owner)
  const photos = [await shelf(sessionId, 'start', 2), await shelf(sessionId, 'start', 3), await shelf(sessionId, 'start', 4)]
  expect(await morningCount(sessionId)).toBe(9)
  return { sessionId, ids: photos.map((photo) => photo.id!), paths: photos.map((photo) => photo.path) }
}

describe('changing a photo', () => {
  it('replaces that photo only, in its place: the other shelves and their counts stay, and the old file goes', async () => {
    const { sessionId, ids, paths } = await threeShelves()
    const changed = await shelf(sessionId, 'start', 5, ids[0])
    expect(changed.result).toEqual({ ok: true })
    expect(await stored(sessionId)).toEqual([
      { id: changed.id, side: 'start', storage_path: changed.path, status: 'analysed', tins: 5 },
      { id: ids[1], side: 'start', storage_path: paths[1], status: 'analysed', tins: 3 },
      { id: ids[2], side: 'start', storage_path: paths[2], status: 'analysed', tins: 4 },
    ])
    expect(await morningCount(sessionId)).toBe(12)
    // The page lists them in the same order: the new photo is photo 1.
    expect((await listPhotos(owner.client, sessionId)).map((photo) => photo.id)).toEqual([changed.id, ids[1], ids[2]])
    expect(await objects(sessionId)).toEqual([...[changed.path, paths[1]!, paths[2]!].flatMap((path) => [path, previewPathOf(path)])].sort())
  })

  it('a new photo that is refused leaves the old one and the others as they were', async () => {
    const { sessionId, ids, paths } = await threeShelves()
    const before = await stored(sessionId)
    const notAPhoto = await uploadStockPhoto(owner, sessionId, 'start', Buffer.from('not a photo'))
    expect(await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path: notAPhoto, replaces: ids[1]! }))).toEqual({
      ok: false,
      message: 'This file is not a photo. Choose a JPEG, PNG or WebP image.',
    })
    // A photo already changed (or removed) on another phone: nothing else goes instead.
    const gone = await shelf(sessionId, 'start', 6, '11111111-1111-4111-8111-111111111111')
    expect(gone.result).toEqual({ ok: false, message: 'This photo was changed or removed already. Reload the page to see the stocktake as it is.' })
    // The other side's photo cannot be changed from this side.
    const wrongSide = await shelf(sessionId, 'end', 6, ids[0])
    expect(wrongSide.result).toMatchObject({ ok: false })
    expect((await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path: paths[0]!, replaces: 'photo-1' }))).message).toBe(
      'This photo is not in the stocktake',
    )
    expect(await stored(sessionId)).toEqual(before)
    expect(await objects(sessionId)).toEqual(paths.flatMap((path) => [path, previewPathOf(path)]).sort())
  })

  it('works on a side that holds the most photos a side can', async () => {
    const sessionId = await openSession(owner)
    const ids: string[] = []
    for (let i = 0; i < 10; i++) ids.push((await shelf(sessionId, 'start', 1)).id!)
    expect((await shelf(sessionId, 'start', 1)).result).toEqual({ ok: false, message: 'At most 10 photos per side' })
    const changed = await shelf(sessionId, 'start', 7, ids[9])
    expect(changed.result).toEqual({ ok: true })
    expect(await morningCount(sessionId)).toBe(16)
  })
})

const remove = async (sessionId: string, ids: string[]) =>
  (await removeStocktakePhotos(idle, formData({ session_id: sessionId, photo_ids: ids.join(',') }))) as RemovalState

describe('removing photos', () => {
  it('takes one out at once, and Undo puts back the same photo with its count, in its place', async () => {
    const { sessionId, ids, paths } = await threeShelves()
    const before = await stored(sessionId)
    const removed = await remove(sessionId, [ids[1]!])
    expect(removed).toEqual({ ok: true, message: 'Photo removed', removalId: expect.any(String) })
    expect(await morningCount(sessionId)).toBe(6)
    expect((await stored(sessionId)).map((photo) => photo.id)).toEqual([ids[0], ids[2]])
    // Its file is kept for Undo.
    expect(await objects(sessionId)).toHaveLength(6)

    expect(await undoPhotoRemoval(idle, formData({ removal_id: removed.removalId! }))).toEqual({ ok: true, message: 'Photo put back' })
    expect(await stored(sessionId)).toEqual(before)
    expect(await morningCount(sessionId)).toBe(9)
    expect(await rows('select count(*)::int as n from count_photo_removals where session_id = $1', [sessionId])).toEqual([{ n: 0 }])
    expect(await undoPhotoRemoval(idle, formData({ removal_id: removed.removalId! }))).toEqual({ ok: false, message: NOTHING_TO_UNDO })
    expect(await objects(sessionId)).toEqual(paths.flatMap((path) => [path, previewPathOf(path)]).sort())
  })

  it('takes a whole side out and puts it back; the side times follow', async () => {
    const { sessionId, ids } = await threeShelves()
    const before = await stored(sessionId)
    const startedAt = (await rows('select started_at from count_sessions where id = $1', [sessionId]))[0]!.started_at
    const removed = await remove(sessionId, ids)
    expect(removed).toMatchObject({ ok: true, message: '3 photos removed' })
    expect(await stored(sessionId)).toEqual([])
    expect(await rows('select started_at from count_sessions where id = $1', [sessionId])).toEqual([{ started_at: null }])
    expect(await undoPhotoRemoval(idle, formData({ removal_id: removed.removalId! }))).toEqual({ ok: true, message: '3 photos put back' })
    expect(await stored(sessionId)).toEqual(before)
    expect(await rows('select started_at from count_sessions where id = $1', [sessionId])).toEqual([{ started_at: startedAt }])
  })

  it('a photo removed before it was counted is counted once it is back', async () => {
    const sessionId = await openSession(owner)
    const path = await uploadStockPhoto(owner, sessionId, 'start', await shelfJpeg([{ text: 'TIN-01', format: 'qrcode', count: 2 }]))
    expect(await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path }))).toEqual({ ok: true })
    const [waiting] = await stored(sessionId)
    expect(waiting).toMatchObject({ status: 'pending', tins: 0 })
    const removed = await remove(sessionId, [waiting!.id as string])
    expect(await undoPhotoRemoval(idle, formData({ removal_id: removed.removalId! }))).toMatchObject({ ok: true })
    await finishedAfterTasks()
    expect(await stored(sessionId)).toEqual([{ id: waiting!.id, side: 'start', storage_path: path, status: 'analysed', tins: 2 }])
  })

  it('refuses an Undo that cannot be right, and changes nothing', async () => {
    const { sessionId, ids } = await threeShelves()
    const removed = await remove(sessionId, [ids[0]!])
    for (let i = 0; i < 8; i++) await shelf(sessionId, 'start', 1)
    expect(await undoPhotoRemoval(idle, formData({ removal_id: removed.removalId! }))).toEqual({
      ok: false,
      message: 'At most 10 photos per side: remove one first, then undo',
    })
    expect(await stored(sessionId)).toHaveLength(10)
    await rows("update count_sessions set status = 'confirmed' where id = $1", [sessionId])
    expect(await remove(sessionId, [ids[1]!])).toEqual({ ok: false, message: 'This stocktake is confirmed: its photos and times cannot change' })
    expect(await undoPhotoRemoval(idle, formData({ removal_id: removed.removalId! }))).toEqual({
      ok: false,
      message: 'This stocktake is confirmed: its photos and times cannot change',
    })
    expect(await stored(sessionId)).toHaveLength(10)
  })

  it('another shop can neither remove these photos nor undo their removal', async () => {
    const { sessionId, ids } = await threeShelves()
    const removed = await remove(sessionId, [ids[0]!])
    const rival = await ownerWithShop(stack, 'Rival Shop')
    await signInAs(rival)
    expect(await remove(sessionId, [ids[1]!])).toEqual({ ok: false, message: 'Stocktake not found' })
    expect(await undoPhotoRemoval(idle, formData({ removal_id: removed.removalId! }))).toEqual({ ok: false, message: NOTHING_TO_UNDO })
    expect(await purgeRemovals(rival.client, owner.shopId, 0)).toBe(0)
    await signInAs(owner)
    expect(await stored(sessionId)).toHaveLength(2)
    expect(await rows('select count(*)::int as n from count_photo_removals where id = $1', [removed.removalId])).toEqual([{ n: 1 }])
  })

  it('refuses what it cannot read', async () => {
    const sessionId = await openSession(owner)
    expect((await undoPhotoRemoval(idle, formData({ removal_id: 'nope' }))).message).toBe(NOTHING_TO_UNDO)
    expect(await remove(sessionId, ['nope'])).toMatchObject({ ok: false, message: 'Choose the photos to remove' })
    expect(await remove(sessionId, ['11111111-1111-4111-8111-111111111111'])).toEqual({
      ok: false,
      message: 'These photos are no longer in the stocktake. Reload the page to see it as it is.',
    })
  })

  it('is purged with its files once the undo window has passed; a newer removal is kept', async () => {
    const { sessionId, ids, paths } = await threeShelves()
    const old = await remove(sessionId, [ids[0]!])
    await rows("update count_photo_removals set removed_at = now() - interval '11 minutes' where id = $1", [old.removalId])
    // Removing another photo purges the old removal on the way.
    const recent = await remove(sessionId, [ids[1]!])
    expect(await rows('select id from count_photo_removals where session_id = $1', [sessionId])).toEqual([{ id: recent.removalId }])
    expect(await objects(sessionId)).toEqual([paths[1]!, paths[2]!].flatMap((path) => [path, previewPathOf(path)]).sort())
    expect(await undoPhotoRemoval(idle, formData({ removal_id: old.removalId! }))).toEqual({ ok: false, message: NOTHING_TO_UNDO })
    expect(await purgeRemovals(owner.client, owner.shopId)).toBe(0)
    expect(await purgeRemovals(owner.client, owner.shopId, 0)).toBe(2)
    expect(await objects(sessionId)).toEqual([paths[2]!, previewPathOf(paths[2]!)].sort())
  })
})
