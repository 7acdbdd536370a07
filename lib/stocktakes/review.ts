// The shape of a stocktake review as the database works it out
// (count_session_review): the page shows these numbers and nothing else.
import { z } from 'zod'

const count = z.number().int()

const movementSchema = z.object({
  /** 'opening': the morning count against the catalogue; 'day': what the day explains or does not */
  kind: z.enum(['opening', 'day']),
  delta: count,
  reason: z.enum(['count_correction', 'lost', 'gone']),
})

export const reviewLineSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  in_photos: z.boolean(),
  /** what this product's photos cover; null for a product in no photo */
  coverage: z.enum(['shelf', 'all']).nullable(),
  /** for a product in no photo: keep its stock, or set it to 0 */
  absent: z.enum(['keep', 'zero']).nullable(),
  confidence: z.coerce.number().nullable(),
  analysers: z.string().nullable(),
  start_proposed: count,
  end_proposed: count,
  qty_at_start: count,
  start_count: count,
  received: count,
  sold: count,
  other_out: count,
  moved: count,
  end_count: count,
  gone: count,
  gone_sold: count,
  gone_other: count,
  missing: count,
  sold_or_missing: count,
  refill: count,
  opening: count,
  gain: count,
  qty_now: count,
  qty_after: count,
  clamped: z.boolean(),
  movements: z.array(movementSchema),
})

export const reviewSchema = z.object({
  version: z.string(),
  status: z.enum(['open', 'confirmed', 'expired']),
  coverage: z.enum(['shelf', 'all']),
  lines: z.array(reviewLineSchema),
  totals: z.object({
    products: count,
    changed: count,
    gone: count,
    sold: count,
    missing: count,
    sold_or_missing: count,
    refill: count,
    change: count,
    stock_after: count,
  }),
})

export type ReviewLine = z.infer<typeof reviewLineSchema>
export type Review = z.infer<typeof reviewSchema>
export type Movement = z.infer<typeof movementSchema>
