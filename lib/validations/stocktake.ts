import { z } from 'zod'
import { PHOTO_HEADER_BYTES } from '@/lib/stocktakes/photo-limits'

export const STOCKTAKE_NOT_FOUND = 'This stocktake does not exist or was discarded. Start again from Upload Photos.'
const sessionId = z.uuid({ error: STOCKTAKE_NOT_FOUND })
const productId = z.uuid({ error: 'This product is not in the stocktake' })
const side = z.enum(['start', 'end'], { error: 'Choose Start of Day or End of Day' })


export const stocktakeSchema = z.object({ session_id: sessionId })

export const addPhotoSchema = z.object({
  session_id: sessionId,
  side,
  path: z.string({ error: 'Upload the photo first' }).min(1, { error: 'Upload the photo first' }).max(200, { error: "This photo is not in your shop's folder" }),
  // The original file's first bytes, read before the phone shrinks the photo (which drops its EXIF).
  header: z
    .file({ error: 'The photo could not be read' })
    .max(PHOTO_HEADER_BYTES, { error: 'The photo could not be read' })
    .optional(),
  // The camera's time, read on the phone, when the photo stays there (its first bytes would show part of it).
  camera_time: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2})?$/, { error: "The photo's time could not be read" })
    .transform((text) => ({ local: text.slice(0, 19), offset: text.length > 19 ? text.slice(19) : null }))
    .optional(),
  // When the phone picked the photo: its time when the camera wrote none (a photo picked offline goes up later).
  picked_at: z.iso.datetime({ offset: true, error: "The photo's time could not be read" }).optional(),
  // Changing a photo: the one the new photo replaces (in its place, on the same side).
  replaces: z.uuid({ error: 'This photo is not in the stocktake' }).optional(),
  // The codes the phone read in the photo itself (JSON, read by the action: see device-count.ts).
  detections: z.string().optional(),
})

export const photoSchema = z.object({ session_id: sessionId, photo_id: z.uuid({ error: 'This photo is not in the stocktake' }) })

const uuidList = z
  .string({ error: 'Choose the photos to remove' })
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(z.array(z.uuid({ error: 'Choose the photos to remove' })).min(1, { error: 'Choose the photos to remove' }).max(20, { error: 'Choose the photos to remove' }))

export const removePhotosSchema = z.object({ session_id: sessionId, photo_ids: uuidList })

export const NOTHING_TO_UNDO = 'There is nothing to undo: these photos were put back already.'
export const restorePhotosSchema = z.object({ removal_id: z.uuid({ error: NOTHING_TO_UNDO }) })

/** A side's time as the owner sets it, on the shop's clock (a datetime-local value); empty goes back to the photos' times. */
export const sideTimeSchema = z.object({
  session_id: sessionId,
  side,
  time: z.union([
    z.literal(''),
    z.iso.datetime({ local: true, error: 'Enter a date and time' }),
  ], { error: 'Enter a date and time' }),
})

const whole = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .int({ error: `${what} must be a whole number` })
    .min(0, { error: `${what} cannot be negative` })
    .max(1_000_000, { error: `${what} must be at most 1,000,000` })

/** One change to a review: the photos' coverage, or one product's count, refill, coverage or absent choice. */
export const reviewEditSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ session_id: sessionId, field: z.literal('coverage'), value: z.enum(['shelf', 'all'], { error: 'Choose what the photos cover' }) }),
    z.object({ session_id: sessionId, product_id: productId, field: z.literal('start_count'), value: whole('The morning count') }),
    z.object({ session_id: sessionId, product_id: productId, field: z.literal('end_count'), value: whole('The evening count') }),
    z.object({ session_id: sessionId, product_id: productId, field: z.literal('moved'), value: whole('Units moved from storage') }),
    z.object({
      session_id: sessionId,
      product_id: productId,
      field: z.literal('product_coverage'),
      value: z.enum(['shelf', 'all', 'default'], { error: 'Choose what the photos cover' }),
    }),
    z.object({ session_id: sessionId, product_id: productId, field: z.literal('absent'), value: z.enum(['keep', 'zero'], { error: 'Choose keep as is or set to 0' }) }),
  ],
  { error: 'This change could not be read. Reload the page and try again.' },
)

export const confirmStocktakeSchema = z.object({
  session_id: sessionId,
  version: z.string({ error: 'The review could not be read. Reload the page and try again.' }).regex(/^[0-9a-f]{32}$/, {
    error: 'The review could not be read. Reload the page and try again.',
  }),
})

export type ReviewEdit = z.infer<typeof reviewEditSchema>
