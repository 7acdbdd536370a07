// Test data for the stocktake action tests: photos generated with real barcodes
// (bwip-js + sharp), uploaded into a stocktake's folder through the API.
import { randomUUID } from 'node:crypto'
import { shelfPhoto, type ShelfItem } from '@/bench/counting/generate-shelf-photo'
import { STOCK_PHOTOS_BUCKET, stockPhotoPath, type Side } from '@/lib/stocktakes/photo-path'
import type { Owner } from './catalogue-test-data'

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
