export const PRODUCT_IMAGES_BUCKET = 'product-images'

const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|webp)$/

/** Where a shop's photo lives in the bucket: `<shop id>/<uuid>.<ext>`. */
export function productImagePath(shopId: string, fileId: string, extension: 'jpg' | 'webp'): string {
  return `${shopId}/${fileId}.${extension}`
}

function folderUrl(supabaseUrl: string, shopId: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${PRODUCT_IMAGES_BUCKET}/${shopId}/`
}

/** True only for a public URL of a file this app uploaded into the shop's own folder. */
export function isShopImageUrl(url: string, supabaseUrl: string, shopId: string): boolean {
  const prefix = folderUrl(supabaseUrl, shopId)
  return url.startsWith(prefix) && FILE_NAME.test(url.slice(prefix.length))
}

/** The object path of a shop image URL (for removing it), or null for any other URL. */
export function shopImagePath(url: string, supabaseUrl: string, shopId: string): string | null {
  return isShopImageUrl(url, supabaseUrl, shopId) ? `${shopId}/${url.slice(folderUrl(supabaseUrl, shopId).length)}` : null
}
