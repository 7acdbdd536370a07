import sharp from 'sharp'
import { blurredLabel } from '../../test/shelf/blurred-label'
import { shelfPhoto } from '../../test/shelf/generate-shelf-photo'

/** A shelf photo with `count` QR labels of TIN-01, as a file for setInputFiles. */
export async function tinsPhoto(name: string, count: number) {
  const { jpeg } = await shelfPhoto({ items: [{ text: 'TIN-01', format: 'qrcode', count }], width: 1200, height: 900, seed: count })
  return { name, mimeType: 'image/jpeg', buffer: jpeg }
}

/** A close-up of one EAN-13 label out of focus, past what zxing reads (the fitted pass reads it), as a camera JPEG. */
export async function blurredLabelPhoto(name: string, code: string) {
  const { png } = await blurredLabel('ean13', code, 2.5, 2)
  return { name, mimeType: 'image/jpeg', buffer: await sharp(png).jpeg({ quality: 92 }).toBuffer() }
}
