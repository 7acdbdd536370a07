'use server'

import { checkPhoto, type PhotoCheck } from '@/lib/images/check-photo'
import type { DetectionList } from '@/lib/counting/barcode/detections'
import { countsBarcodes } from '@/lib/counting/pick-analyser'
import { isAnonymousClaims } from '@/lib/demo/demo-visitor'
import { addPhoto, downloadPhoto, photoAtPath, photoPath, removePhotoFile } from '@/lib/data/stocktake-photos'
import { getStocktake } from '@/lib/data/stocktakes'
import { detectionsFit, recordDeviceCount } from '@/lib/workflows/device-count'
import { readCameraTime } from '@/lib/stocktakes/camera-time'
import { isStockPhotoPath } from '@/lib/stocktakes/photo-path'
import { detectionsField, VISION_NEEDS_PHOTO } from '@/lib/validations/device-count'
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
 *
 * With `detections`, the codes the phone read in the photo itself, the photo
 * is counted from them (matched to the catalogue here) instead of by the
 * server's job; a list that does not fit the photo is refused like a bad photo.
 * A shop counting with the vision model counts on the server: a list for
 * the photo itself is left aside, a sheet of label crops refused.
 *
 * The phone names each photo's file with its own key for the photo, so a
 * retried request (its first answer lost, the network cut) finds the photo
 * recorded and answers ok: one photo, one file. `picked_at` dates a photo
 * without a camera time when the phone picked it (offline, it goes up later).
 */

/** Why the uploaded file cannot go in: not a readable photo, or a phone's count that does not fit it. */
function refusal(checked: PhotoCheck, detections: DetectionList | undefined, barcodes: boolean): string | null {
  if (!checked.ok) return checked.message
  if (!detections) return null
  if (!barcodes) return detections.sheet ? VISION_NEEDS_PHOTO : null
  return detectionsFit(detections, checked)
}

export const addStocktakePhoto = validatedAction(
  addPhotoSchema,
  async ({ session_id, side, path, header, camera_time, picked_at, replaces, detections: sent }, { supabase }) => {
    const session = await getStocktake(supabase, session_id)
    if (!session) return { ok: false, message: STOCKTAKE_NOT_FOUND }
    if (!isStockPhotoPath(path, session.shop_id, session.id, side)) return { ok: false, message: NOT_IN_FOLDER, fieldErrors: { path: [NOT_IN_FOLDER] } }
    if (await photoAtPath(supabase, session.id, path)) return { ok: true }
    // Read here, not by the form's schema, so that a refused list takes its uploaded file with it.
    const list = sent === undefined ? null : detectionsField.safeParse(sent)
    if (list && !list.success) {
      await removePhotoFile(supabase, path)
      return { ok: false, message: list.error.issues[0]!.message }
    }
    const detections = list?.data
    const bytes = await downloadPhoto(supabase, path)
    if (!bytes) return { ok: false, message: 'The photo did not arrive. Try uploading it again.' }
    const checked = await checkPhoto(bytes)
    const barcodes = detections !== undefined && countsBarcodes(isAnonymousClaims((await supabase.auth.getClaims()).data?.claims))
    const refused = refusal(checked, detections, barcodes)
    if (refused !== null || !checked.ok) {
      await removePhotoFile(supabase, path)
      return { ok: false, message: refused ?? 'This photo could not be added' }
    }
    const camera = header ? readCameraTime(Buffer.from(await header.arrayBuffer())) : (camera_time ?? null)
    const replaced = replaces ? await photoPath(supabase, session.id, replaces) : null
    const added = await addPhoto(supabase, { sessionId: session.id, side, path, camera, pickedAt: picked_at, width: checked.width, height: checked.height, replaces })
    // The same photo sent twice at once: the other request recorded it, with this file.
    if (!added.ok && added.already) return { ok: true }
    if (!added.ok) {
      await removePhotoFile(supabase, path)
      return { ok: false, message: added.message }
    }
    if (replaced) await removePhotoFile(supabase, replaced)
    if (detections && barcodes) await recordDeviceCount(supabase, { id: added.photoId, sessionId: session.id, shopId: session.shop_id }, detections, checked)
    return { ok: true }
  },
  { requireUser: true },
)
