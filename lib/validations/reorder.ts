import { z } from 'zod'
import { SERVICE_LEVELS } from '@/lib/reorder/service-levels'

export const serviceLevelSchema = z.object({
  service_level: z.coerce
    .number({ error: 'Pick how often stock should last until the delivery' })
    .refine((level) => (SERVICE_LEVELS as readonly number[]).includes(level), { error: 'Pick how often stock should last until the delivery' }),
})

const ORDER_KEY = /^order:([0-9a-f-]{36})$/i
const ORDER_VALUE = /^([0-9a-f-]{36}):(\d{1,6})$/i

/** The ticked rows of the reorder page: `order:<product id>` = `<supplier id>:<packs>`. */
export const draftOrdersSchema = z
  .looseObject({ request_id: z.uuid({ error: 'Reload the page and try again' }) })
  .transform((entries, ctx) => {
    const lines: { productId: string; supplierId: string; packs: number }[] = []
    for (const [key, value] of Object.entries(entries)) {
      const product = ORDER_KEY.exec(key)?.[1]
      if (!product) continue
      const order = typeof value === 'string' ? ORDER_VALUE.exec(value) : null
      const packs = Number(order?.[2])
      if (!order || !z.uuid().safeParse(product).success || !z.uuid().safeParse(order[1]).success || packs < 1) {
        ctx.addIssue({ code: 'custom', message: 'A ticked product has no quantity to order: reload the page' })
        return z.NEVER
      }
      lines.push({ productId: product.toLowerCase(), supplierId: order[1]!.toLowerCase(), packs })
    }
    if (lines.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Tick at least one product to order' })
      return z.NEVER
    }
    return { requestId: entries.request_id, lines }
  })
