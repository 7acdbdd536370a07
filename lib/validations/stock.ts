import { z } from 'zod'
import { productIdSchema } from './product'

/** Reasons an owner can pick; 'initial' is written only by the database when a product is created. */
export const STOCK_REASONS = [
  { value: 'received', label: 'Received' },
  { value: 'sold', label: 'Sold' },
  { value: 'count_correction', label: 'Count correction' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'lost', label: 'Lost or stolen' },
  { value: 'returned', label: 'Returned' },
] as const

export const REASON_LABELS: Record<string, string> = {
  ...Object.fromEntries(STOCK_REASONS.map((reason) => [reason.value, reason.label])),
  initial: 'Opening stock',
  gone: 'Sold or missing',
}

export const SOURCE_LABELS: Record<string, string> = {
  manual: 'By hand',
  photo_count: 'Photo count',
  import: 'CSV import',
}

type Reason = (typeof STOCK_REASONS)[number]['value']
const reasonValues = STOCK_REASONS.map((reason) => reason.value) as [Reason, ...Reason[]]

export const MAX_STOCK_CHANGE = 1_000_000

export const STOCK_MODES = [
  { value: 'add', label: 'Add', reason: 'received' },
  { value: 'remove', label: 'Remove', reason: 'sold' },
  { value: 'count', label: 'Set count', reason: 'count_correction' },
] as const

type Mode = (typeof STOCK_MODES)[number]['value']
const modeValues = STOCK_MODES.map((mode) => mode.value) as [Mode, ...Mode[]]

// Phones' numeric keypads have no minus key: the direction is the mode, the amount is never signed.
export const adjustStockSchema = z
  .object({
    product_id: productIdSchema,
    mode: z.enum(modeValues, { error: 'Choose add, remove or set count' }),
    amount: z
      .string({ error: 'Amount must be a whole number 0 or more' })
      .trim()
      .regex(/^\d{1,9}$/, { error: 'Amount must be a whole number 0 or more' })
      .transform(Number)
      .refine((amount) => amount <= MAX_STOCK_CHANGE, {
        error: `Amount must be at most ${MAX_STOCK_CHANGE.toLocaleString('en')}`,
      }),
    reason: z.enum(reasonValues, { error: 'Choose a reason' }),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(500, { error: 'Note must be 500 characters or less' })
      .optional()
      .transform((note) => note || null),
    request_id: z.uuid({ error: 'Invalid request: reload the page and try again' }),
  })
  .refine((input) => input.mode === 'count' || input.amount > 0, {
    path: ['amount'],
    error: 'Amount must be 1 or more',
  })

export type AdjustStockInput = z.infer<typeof adjustStockSchema>
