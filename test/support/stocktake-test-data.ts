// Test data for the stocktake action tests: photos generated with real barcodes
// (bwip-js + sharp), uploaded into a stocktake's folder through the API.
import { randomUUID } from 'node:crypto'
import { shelfPhoto, type ShelfItem } from '@/test/shelf/generate-shelf-photo'
import { STOCK_PHOTOS_BUCKET, stockPhotoPath, type Side } from '@/lib/stocktakes/photo-path'
import type { Owner } from '@/test/support/catalogue-test-data'

export async function shelfJpeg(items: ShelfItem[], seed = 1): Promise<Buffer> {
  return (await shelfPhoto({ items, width: 1200, height: 900, seed, maxAngle: 10 })).jpeg
}

/** Uploads bytes into the stocktake's folder as the owner; returns the path to register. */
export async function uploadStockPhoto(owner: Owner, sessionId: string, side: Side, bytes: Buffer, type = 'image/jpeg', shopId = owner.shopId) {
  const path = stockPhotoPath(shopId, sessionId, side, randomUUID(), 'jpg')
  const { error } = await owner.client.storage.from(STOCK_PHOTOS_BUCKET).upload(path, new Blob([new Uint8Array(bytes)], { type }))
  if (error) throw error
  return path
}

/** One side's photo with the analyser's proposal recorded on it, through the API as the job records it. */
export async function countedPhoto(owner: Owner, sessionId: string, side: Side, counts: Record<string, number>) {
  const path = stockPhotoPath(owner.shopId, sessionId, side, randomUUID(), 'jpg')
  const { data: photo } = await owner.client
    .rpc('add_count_photo', { p_session_id: sessionId, p_side: side, p_storage_path: path, p_width: 1000, p_height: 800 })
    .single<{ id: string }>()
    .throwOnError()
  const ids = { photo_id: photo.id, session_id: sessionId, shop_id: owner.shopId }
  const lines = Object.entries(counts).map(([product_id, count]) => ({ ...ids, product_id, count, confidence: 1, analyser: 'barcode' }))
  if (lines.length > 0) await owner.client.from('count_lines').insert(lines).throwOnError()
  await owner.client.from('count_photos').update({ status: 'analysed', codes_found: lines.length, analyser: 'barcode' }).eq('id', photo.id).throwOnError()
  return photo.id
}

/** The owner's open stocktake (a new one once the last is closed). */
export async function openSession(owner: Owner): Promise<string> {
  const { data } = await owner.client.rpc('open_count_session').single<{ id: string }>().throwOnError()
  return data.id
}
