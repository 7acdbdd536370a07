'use server'

import sharp, { type Metadata } from 'sharp'
import { addPhoto, countPhotos, downloadPhoto, removePhotoFile } from '@/lib/data/stocktakes'
import { isStockPhotoPath, MAX_PHOTO_BYTES, MAX_PHOTO_SIDE } from '@/lib/stocktakes/photo-path'
import { addPhotoSchema, MAX_PHOTOS_PER_SIDE } from '@/lib/validations/stocktake'
import { openStocktake } from './stocktake-access'
import { validatedAction } from './validated-action'

const NOT_AN_IMAGE = 'This file is not a photo. Choose a JPEG, PNG or WebP image.'
const DAMAGED = 'This photo is damaged and could not be read. Take it again.'

/** Decodes the whole image, so a truncated or corrupt file is caught here and not during analysis. */
async function checkImage(bytes: Buffer): Promise<string | null> {
  if (bytes.length > MAX_PHOTO_BYTES) return 'This photo is larger than 15 MB. Take it again at a lower resolution.'
  let meta: Metadata
  try {
    meta = await sharp(bytes).metadata()
  } catch {
    return NOT_AN_IMAGE
  }
  if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '')) return NOT_AN_IMAGE
  if ((meta.width ?? 0) > MAX_PHOTO_SIDE * 2 || (meta.height ?? 0) > MAX_PHOTO_SIDE * 2) return 'This photo is too large. Take it again.'
  try {
    await sharp(bytes, { failOn: 'truncated' }).resize(32, 32, { fit: 'inside' }).raw().toBuffer()
  } catch {
    return DAMAGED
  }
  return null
}

/** Records a photo the browser uploaded into the stocktake's folder, after checking it is a readable photo. */
export const addStocktakePhoto = validatedAction(
  addPhotoSchema,
  async ({ session_id, side, path, taken_at }, { supabase }) => {
    const open = await openStocktake(supabase, session_id, ['uploading'], 'This stocktake is already being analysed. Start a new one to add photos.')
    if (!open.ok) return { ok: false, message: open.message }
    const { session } = open
    if (!isStockPhotoPath(path, session.shop_id, session.id, side)) {
      return { ok: false, message: "This photo is not in your shop's folder", fieldErrors: { path: ["This photo is not in your shop's folder"] } }
    }
    if ((await countPhotos(supabase, session.id, side)) >= MAX_PHOTOS_PER_SIDE) return { ok: false, message: `At most ${MAX_PHOTOS_PER_SIDE} photos per side` }
    const bytes = await downloadPhoto(supabase, path)
    if (!bytes) return { ok: false, message: 'The photo did not arrive. Try uploading it again.' }
    const problem = await checkImage(bytes)
    if (problem) {
      await removePhotoFile(supabase, path)
      return { ok: false, message: problem }
    }
    const added = await addPhoto(supabase, { session_id: session.id, shop_id: session.shop_id, side, storage_path: path, taken_at })
    return added ? { ok: true } : { ok: false, message: 'This photo is already in the stocktake' }
  },
  { requireUser: true },
)
