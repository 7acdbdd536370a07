export const STOCK_PHOTOS_BUCKET = 'stock-photos'
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
export const MAX_PHOTO_SIDE = 4096
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export type Side = 'start' | 'end'
export type PhotoExtension = 'jpg' | 'png' | 'webp'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const PATH = new RegExp(`^(${UUID})/(${UUID})/(start|end)-(${UUID})\\.(jpg|png|webp)$`)

/** Where a stocktake photo lives: `<shop id>/<session id>/<side>-<uuid>.<ext>` (storage RLS keys on the shop folder). */
export function stockPhotoPath(shopId: string, sessionId: string, side: Side, fileId: string, extension: PhotoExtension): string {
  return `${shopId}/${sessionId}/${side}-${fileId}.${extension}`
}

/** True only for a path this app would have made for this shop, session and side. */
export function isStockPhotoPath(path: string, shopId: string, sessionId: string, side: Side): boolean {
  const match = PATH.exec(path)
  return match !== null && match[1] === shopId && match[2] === sessionId && match[3] === side
}

/**
 * The small copy of a photo shown on the upload and review pages, beside it in its folder: a
 * phone on mobile data should not fetch 4,000-pixel photos to draw thumbnails. It never matches
 * isStockPhotoPath, so it is never counted.
 */
export function previewPathOf(photoPath: string): string {
  return photoPath.replace(/\.(jpg|png|webp)$/, '.preview.jpg')
}

