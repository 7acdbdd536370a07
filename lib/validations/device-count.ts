// The codes a phone read in a photo, as the server accepts them: each in a
// symbology ShelfSnap counts, EAN/UPC numbers with their check digit, inside
// the photo, at most MAX_DEVICE_CODES of them. Product ids never come from
// the phone: the server matches the codes to the catalogue itself.
import { z } from 'zod'
import { gs1CheckDigit, upceToUpca } from '@/lib/counting/barcode/retail-codes'
import { LABEL_SHEET, type DetectionList } from '@/lib/counting/barcode/detections'

/** zxing stops at 255 symbols a read; several passes can add a few more labels. */
export const MAX_DEVICE_CODES = 1000
const MAX_TEXT = 300
const MAX_SIDE = 20_000

// The action's messages live here: a 'use server' file exports async functions only.
export const PHOTO_GONE = 'This photo was changed or removed. Reload the page to see the stocktake as it is.'
export const KEPT_ON_PHONE = 'This photo stayed on the phone that took it: only its labels were uploaded, so the server cannot count it again. Take it again to count it anew.'
export const VISION_NEEDS_PHOTO = 'This shop counts with the vision model, which needs the whole photo. Switch off "Keep photos on this phone" and add it again.'

export const DETECTIONS_REFUSED = 'The codes read on this phone could not be used'
const refused = (why: string) => `${DETECTIONS_REFUSED}: ${why}. Nothing was changed; try again.`

const gs1Valid = (digits: string) => gs1CheckDigit(digits.slice(0, -1)) === digits.at(-1)
const NUMBERS: Record<string, (text: string) => boolean> = {
  EAN13: (text) => /^\d{13}$/.test(text) && gs1Valid(text),
  UPCA: (text) => /^\d{12}$/.test(text) && gs1Valid(text),
  EAN8: (text) => /^\d{8}$/.test(text) && gs1Valid(text),
  // a UPC-E in its 8 digits, or (one zxing could not shorten) as its 13-digit EAN form
  UPCE: (text) => upceToUpca(text) !== null || (/^\d{13}$/.test(text) && gs1Valid(text)),
}

const coordinate = z.number({ error: refused('a code has no position') }).finite()

const code = z
  .object({
    format: z.enum(['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128', 'QRCode', 'DataMatrix'], { error: refused('a code is in a symbology ShelfSnap does not count') }),
    text: z
      .string({ error: refused('a code has no text') })
      .min(1, { error: refused('a code has no text') })
      .max(MAX_TEXT, { error: refused(`a code is longer than ${MAX_TEXT} characters`) }),
    x: coordinate,
    y: coordinate,
    size: z.number({ error: refused('a code has no size') }).positive({ error: refused('a code has no size') }),
    angle: z.number({ error: refused('a code has no angle') }).min(-360).max(360),
  })
  .refine((c) => NUMBERS[c.format]?.(c.text) ?? true, { error: (issue) => refused(`"${String((issue.input as { text: unknown }).text).slice(0, 20)}" is not a valid ${(issue.input as { format: string }).format} number`) })

const notLaidOut = refused('the label crops are not laid out as ShelfSnap lays them out')
const side = z.int({ error: refused('the photo has no size') }).min(1, { error: refused('the photo has no size') }).max(MAX_SIDE, { error: refused('the photo is too large') })

export const detectionListSchema = z
  .object({
    width: side,
    height: side,
    codes: z.array(code, { error: refused('there is no list of codes') }).max(MAX_DEVICE_CODES, { error: refused(`a photo can hold at most ${MAX_DEVICE_CODES.toLocaleString('en-GB')} codes`) }),
    sheet: z.object({ columns: z.literal(LABEL_SHEET.columns, { error: notLaidOut }), tile: z.literal(LABEL_SHEET.tile, { error: notLaidOut }) }, { error: notLaidOut }).optional(),
  }, { error: refused('it is not a list of codes') })
  .superRefine((list, context) => {
    const outside = list.codes.find((c) => c.x < 0 || c.y < 0 || c.x > list.width || c.y > list.height || c.size > Math.hypot(list.width, list.height))
    if (outside) context.addIssue({ code: 'custom', message: refused(`the code "${outside.text.slice(0, 20)}" lies outside the photo`), path: ['codes'] })
  })

/** The form field: the list as JSON text, read and checked. */
export const detectionsField = z
  .string()
  .max(1_000_000, { error: refused('the list is too long') })
  .transform((text, context): unknown => {
    try {
      return JSON.parse(text)
    } catch {
      context.addIssue({ code: 'custom', message: refused('the list could not be read') })
      return z.NEVER
    }
  })
  .pipe(detectionListSchema) satisfies z.ZodType<DetectionList, string>
