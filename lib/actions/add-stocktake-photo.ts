'use server'

import { checkPhoto } from '@/lib/images/check-photo'
import { addPhoto, downloadPhoto, photoPath, removePhotoFile } from '@/lib/data/stocktake-photos'
import { getStocktake } from '@/lib/data/stocktakes'
import { readCameraTime } from '@/lib/stocktakes/camera-time'
import { isStockPhotoPath } from '@/lib/stocktakes/photo-path'
import { addPhotoSchema, STOCKTAKE_NOT_FOUND } from '@/lib/validations/stocktake'
import { validatedAction } from './validated-action'

const NOT_IN_FOLDER = "This photo is not in your shop's folder"

/**
 * Records a photo the browser uploaded into the stocktake's folder, once it is
 * a readable photo. Its time is read here from the original file's first
 * bytes (the phone sends them, since shrinking the photo drops its EXIF); the
 * database applies it and refuses a time that cannot be right. Anything
 * refused leaves no file behind.
 *
 * Changing a photo (`replaces`) is the same, in one transaction with taking
 * the old photo out: the other photos stay, and a new photo that is refused
 * leaves the old one where it was. The old file goes once the new row is in.
 */
export const addStocktakePhoto = validatedAction(
  addPhotoSchema,
  async ({ session_id, side, path, header, replaces }, { supabase }) => {
    const session = await getStocktake(supabase, session_id)
    if (!session) return { ok: false, message: STOCKTAKE_NOT_FOUND }
    if (!isStockPhotoPath(path, session.shop_id, session.id, side)) return { ok: false, message: NOT_IN_FOLDER, fieldErrors: { path: [NOT_IN_FOLDER] } }
    const bytes = await downloadPhoto(supabase, path)
    if (!bytes) return { ok: false, message: 'The photo did not arrive. Try uploading it again.' }
    const checked = await checkPhoto(bytes)
    const camera = header ? readCameraTime(Buffer.from(await header.arrayBuffer())) : null
    const replaced = replaces ? await photoPath(supabase, session.id, replaces) : null
    const added = checked.ok
      ? await addPhoto(supabase, { sessionId: session.id, side, path, camera, width: checked.width, height: checked.height, replaces })
      : checked
    if (!added.ok) {
      await removePhotoFile(supabase, path)
      return { ok: false, message: added.message }
    }
    if (replaced) await removePhotoFile(supabase, replaced)
    return { ok: true }
  },
  { requireUser: true },
)
