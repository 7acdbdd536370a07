export const MAX_IMAGE_SIDE = 1600

/** The size that fits within `max` on its longer side, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((done) => canvas.toBlob(done, type, quality))
}

/** Stocktake photos: barcodes need the detail, so a larger size and JPEG at a high quality. */
export const STOCK_PHOTO = { maxSide: 4096, quality: 0.92, webp: false }
/** Its thumbnail: twice a phone's thumbnail width, in JPEG (the preview's path ends in .jpg). */
export const STOCK_PREVIEW = { maxSide: 640, quality: 0.75, webp: false }

interface ResizeOptions {
  maxSide?: number
  quality?: number
  webp?: boolean
}

type Resized = { blob: Blob; extension: 'webp' | 'jpg' }

/**
 * A phone photo (often 12 MP, rotated by EXIF) made small and upright: WebP, or JPEG where
 * the browser cannot encode WebP (Safari quietly returns PNG instead).
 */
export async function resizeImage(file: File, options: ResizeOptions = {}): Promise<Resized> {
  const [resized] = await resizeImages(file, [options])
  return resized!
}

/** One decode of the photo, one image per size asked for (a photo and its preview). */
export async function resizeImages(file: File, sizes: ResizeOptions[]): Promise<Resized[]> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  try {
    const resized: Resized[] = []
    for (const options of sizes) resized.push(await encode(bitmap, options))
    return resized
  } finally {
    bitmap.close()
  }
}

async function encode(bitmap: ImageBitmap, { maxSide = MAX_IMAGE_SIDE, quality = 0.82, webp: tryWebp = true }: ResizeOptions): Promise<Resized> {
  const size = fitWithin(bitmap.width, bitmap.height, maxSide)
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot resize photos')
  context.drawImage(bitmap, 0, 0, size.width, size.height)
  const webp = tryWebp ? await toBlob(canvas, 'image/webp', quality) : null
  if (webp?.type === 'image/webp') return { blob: webp, extension: 'webp' }
  const jpeg = await toBlob(canvas, 'image/jpeg', quality)
  if (!jpeg) throw new Error('This photo could not be read')
  return { blob: jpeg, extension: 'jpg' }
}
