import { z } from 'zod'
import { REASON_MISFIT, reasonFits, STOCK_MODES, STOCK_REASONS } from '@/lib/products/stock-reasons'
import { productIdSchema } from './product'

type Reason = (typeof STOCK_REASONS)[number]['value']
const reasonValues = STOCK_REASONS.map((reason) => reason.value) as [Reason, ...Reason[]]

export const MAX_STOCK_CHANGE = 1_000_000

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
      .regex(/^\d+$/, { error: 'Amount must be a whole number 0 or more' })
      // whole, only too large: say so rather than that it is not whole
      .regex(/^\d{1,9}$/, { error: `Amount must be at most ${MAX_STOCK_CHANGE.toLocaleString('en')}` })
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
  // "Add 3 · Sold" would book a sale of -3: the reports would count it against the day's sales.
  .refine((input) => reasonFits(input.reason, input.mode), {
    path: ['reason'],
    error: (issue) => REASON_MISFIT[(issue.input as { mode: keyof typeof REASON_MISFIT }).mode],
  })

export type AdjustStockInput = z.infer<typeof adjustStockSchema>
