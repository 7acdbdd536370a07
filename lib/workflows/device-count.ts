import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { PhotoAnalysis } from '@/lib/counting/analyser'
import { countCodes } from '@/lib/counting/barcode/barcode-analyser'
import { sheetSize, tileOf, type DetectionList } from '@/lib/counting/barcode/detections'
import { fitWithin, STOCK_PHOTO } from '@/lib/images/resize-image'
import { listCountingCatalogue } from '@/lib/data/products'
import { claimPhotoById, markPhotoFailed, recordAnalysis, requeuePhoto } from '@/lib/data/stocktake-photos'
import { DETECTIONS_REFUSED } from '@/lib/validations/device-count'

/** How far the stored photo's size may be from the phone's photo shrunk to STOCK_PHOTO: a pixel of rounding. */
const ROUNDING = 1

/**
 * Whether the uploaded file is what the phone's list describes: the photo
 * shrunk as /upload shrinks it, or, when the photo stays on the phone, the
 * sheet of one crop a label. Else the list's places mean nothing in it.
 */
export function detectionsFit(list: DetectionList, stored: { width: number; height: number }): string | null {
  const expected = list.sheet ? sheetSize(list.sheet, list.codes.length) : fitWithin(list.width, list.height, STOCK_PHOTO.maxSide)
  const fits = Math.abs(stored.width - expected.width) <= ROUNDING && Math.abs(stored.height - expected.height) <= ROUNDING
  return fits ? null : `${DETECTIONS_REFUSED}: they do not fit this photo. Nothing was changed; try again.`
}

/**
 * The phone's codes placed in the stored file: scaled to the stored photo, or
 * each at its own crop on the sheet (the box drawn so that the review's crop,
 * 1.6 times the box, is that tile).
 */
function placedCodes(list: DetectionList, stored: { width: number; height: number }) {
  const scale = stored.width / list.width
  return list.codes.map((code, index) => {
    if (!list.sheet) return { format: code.format, text: code.text, center: { x: code.x * scale, y: code.y * scale }, size: code.size * scale }
    const tile = tileOf(list.sheet, index)
    return { format: code.format, text: code.text, center: { x: tile.x + tile.size / 2, y: tile.y + tile.size / 2 }, size: tile.size / 1.6 }
  })
}

/**
 * Records the phone's count of a photo just added, as the server's count
 * records its own (countCodes, recordAnalysis): the codes matched to the
 * shop's catalogue here. A photo a job took first is left to it. If the
 * record fails, the photo goes to the server's count (or, kept on the phone,
 * says it could not be counted).
 */
export async function recordDeviceCount(
  supabase: SupabaseClient,
  photo: { id: string; sessionId: string; shopId: string },
  list: DetectionList,
  stored: { width: number; height: number },
): Promise<void> {
  if (!(await claimPhotoById(supabase, photo.id))) return
  try {
    const catalogue = await listCountingCatalogue(supabase, photo.shopId)
    const analysis: PhotoAnalysis = { analyser: 'barcode', ...countCodes(placedCodes(list, stored), catalogue), usage: null }
    await recordAnalysis(supabase, { photo_id: photo.id, session_id: photo.sessionId, shop_id: photo.shopId }, analysis, { countedOn: 'device', keptOnDevice: Boolean(list.sheet) })
  } catch (error) {
    console.error("Could not record the phone's count", photo.id, error)
    if (list.sheet) await markPhotoFailed(supabase, photo.id, "This photo's count could not be saved. Remove it and take it again.")
    else await requeuePhoto(supabase, photo.id)
  }
}
