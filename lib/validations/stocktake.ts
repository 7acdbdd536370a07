import { z } from 'zod'

const sessionId = z.uuid({ error: 'This stocktake does not exist. Start again from Upload Photos.' })
const side = z.enum(['start', 'end'], { error: 'Choose Start of Day or End of Day' })
const count = z.number({ error: 'Counts must be whole numbers' }).int({ error: 'Counts must be whole numbers' })
  .min(0, { error: 'Counts cannot be negative' })
  .max(1_000_000, { error: 'Counts must be at most 1,000,000' })

/** Spec, section 5: both sides need a photo. */
export const MISSING_IMAGES = { title: 'Missing images', description: 'Please upload both before and after images to analyze.' }

export const MAX_PHOTOS_PER_SIDE = 10
/** How far back a photo's time may be: a stocktake covers a day, not a month. */
const MAX_PHOTO_AGE_MS = 7 * 24 * 60 * 60 * 1000

export const stocktakeSchema = z.object({ session_id: sessionId })

export const addPhotoSchema = z.object({
  session_id: sessionId,
  side,
  path: z.string({ error: 'Upload the photo first' }).min(1, { error: 'Upload the photo first' }).max(200, { error: 'This photo is not in your shop\'s folder' }),
  taken_at: z.coerce
    .number({ error: 'The photo has no valid time' })
    .int({ error: 'The photo has no valid time' })
    .refine((ms) => ms <= Date.now() + 5 * 60 * 1000, { error: 'The photo\'s time is in the future. Check the phone\'s clock.' })
    .refine((ms) => ms >= Date.now() - MAX_PHOTO_AGE_MS, { error: 'This photo is more than a week old. Take a new one.' })
    .transform((ms) => new Date(ms).toISOString()),
})

const confirmedCount = z.object({
  product_id: z.uuid({ error: 'A counted product does not exist' }),
  start_count: count,
  end_count: count,
})

export const confirmStocktakeSchema = z.object({
  session_id: sessionId,
  counts: z
    .string({ error: 'Nothing to confirm' })
    .max(1_000_000, { error: 'Too many counts in one stocktake' })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The counts could not be read. Reload the page and try again.' })
        return z.NEVER
      }
    })
    .pipe(
      z
        .array(confirmedCount, { error: 'The counts could not be read. Reload the page and try again.' })
        .min(1, { error: 'Nothing to confirm' })
        .max(5000, { error: 'At most 5,000 products per stocktake' })
        .refine((lines) => new Set(lines.map((line) => line.product_id)).size === lines.length, {
          error: 'A product is counted twice',
        }),
    ),
})

export type ConfirmedCount = z.infer<typeof confirmedCount>
