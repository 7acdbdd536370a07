// A photo as the app stores it. /upload never stores the camera's file: the
// browser decodes it upright, draws it on a canvas at most STOCK_PHOTO.maxSide
// px on its longer side and stores canvas.toBlob('image/jpeg', quality)
// (lib/images/resize-image.ts). sharp stands in for the canvas: the same size
// (fitWithin), transparent pixels on black as a canvas encodes them in JPEG,
// bilinear scaling (the canvas' default smoothing) and libjpeg at the same
// quality with 4:2:0 chroma, as Chromium's encoder writes it.
import sharp from 'sharp'
import { fitWithin, STOCK_PHOTO } from '../../lib/images/resize-image.ts'

/** How an item is read: as the app stores it, or as the file itself. */
export const ENCODINGS = ['as stored', 'original'] as const
export type Encoding = (typeof ENCODINGS)[number]

export const ENCODING_NAMES: Record<Encoding, string> = {
  'as stored': `as stored (the browser's JPEG at ${STOCK_PHOTO.quality}, at most ${STOCK_PHOTO.maxSide} px)`,
  original: 'as read from the original file',
}

/** The encoded image re-encoded as /upload stores a stocktake photo. */
export async function asStored(encoded: Buffer): Promise<Buffer> {
  const image = sharp(encoded).autoOrient()
  const { autoOrient } = await image.metadata()
  const size = fitWithin(autoOrient.width, autoOrient.height, STOCK_PHOTO.maxSide)
  const drawn = size.width === autoOrient.width && size.height === autoOrient.height ? image : image.resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
  return drawn
    .flatten({ background: '#000000' })
    .jpeg({ quality: Math.round(STOCK_PHOTO.quality * 100), chromaSubsampling: '4:2:0' })
    .toBuffer()
}

/** The image read under `encoding`. */
export const encodedAs = async (encoding: Encoding, image: Buffer): Promise<Buffer> => (encoding === 'as stored' ? asStored(image) : image)
