import 'server-only'
import sharp, { type Metadata } from 'sharp'
import { MAX_PHOTO_BYTES, MAX_PHOTO_SIDE } from '@/lib/stocktakes/photo-path'

const NOT_AN_IMAGE = 'This file is not a photo. Choose a JPEG, PNG or WebP image.'
const DAMAGED = 'This photo is damaged and could not be read. Take it again.'

export type ImageFormat = 'jpeg' | 'png' | 'webp'

export type PhotoCheck = { ok: true; width: number; height: number; format: ImageFormat } | { ok: false; message: string }

/**
 * Decodes the whole image, so a truncated or corrupt file is caught here and
 * not during analysis; gives its upright size.
 */
export async function checkPhoto(bytes: Buffer): Promise<PhotoCheck> {
  if (bytes.length > MAX_PHOTO_BYTES) return { ok: false, message: 'This photo is larger than 15 MB. Take it again at a lower resolution.' }
  let meta: Metadata
  try {
    meta = await sharp(bytes).metadata()
  } catch {
    return { ok: false, message: NOT_AN_IMAGE }
  }
  const format = meta.format as ImageFormat
  if (!['jpeg', 'png', 'webp'].includes(format)) return { ok: false, message: NOT_AN_IMAGE }
  const { width, height } = meta.autoOrient
  if (width > MAX_PHOTO_SIDE * 2 || height > MAX_PHOTO_SIDE * 2) return { ok: false, message: 'This photo is too large. Take it again.' }
  try {
    await sharp(bytes, { failOn: 'truncated' }).resize(32, 32, { fit: 'inside' }).raw().toBuffer()
  } catch {
    return { ok: false, message: DAMAGED }
  }
  return { ok: true, width, height, format }
}

/** The bytes are a whole image of the format the file claims to be (by its type or name), or the reason they are not. */
export async function checkImageClaim(bytes: Buffer, claimed: ImageFormat): Promise<string | null> {
  const checked = await checkPhoto(bytes)
  if (!checked.ok) return checked.message
  return checked.format === claimed ? null : NOT_AN_IMAGE
}
