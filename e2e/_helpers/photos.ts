import { shelfPhoto } from '../../test/shelf/generate-shelf-photo'

/** A shelf photo with `count` QR labels of TIN-01, as a file for setInputFiles. */
export async function tinsPhoto(name: string, count: number) {
  const { jpeg } = await shelfPhoto({ items: [{ text: 'TIN-01', format: 'qrcode', count }], width: 1200, height: 900, seed: count })
  return { name, mimeType: 'image/jpeg', buffer: jpeg }
}
