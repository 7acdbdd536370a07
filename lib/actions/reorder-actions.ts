'use server'

import { revalidatePath } from 'next/cache'
import { createDraftOrder, draftRequestId } from '@/lib/data/purchase-orders'
import { getShopForUser, setReorderServiceLevel } from '@/lib/data/shops'
import { plural } from '@/lib/format/plural'
import { draftOrdersSchema, serviceLevelSchema } from '@/lib/validations/reorder'
import { NO_SHOP_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

export const setServiceLevel = validatedAction(
  serviceLevelSchema,
  async ({ service_level }, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    await setReorderServiceLevel(supabase, shop.id, service_level)
    revalidatePath('/app/reorder')
    return { ok: true }
  },
  { requireUser: true },
)

/** One draft per supplier from the ticked suggestions; a retried submit makes the same drafts, not new ones. */
export const createDraftOrders = validatedAction(
  draftOrdersSchema,
  async ({ requestId, lines }, { supabase }) => {
    const bySupplier = Map.groupBy(lines, (line) => line.supplierId)
    let made = 0
    for (const [supplierId, supplierLines] of bySupplier) {
      const result = await createDraftOrder(supabase, supplierId, supplierLines, draftRequestId(requestId, supplierId))
      if (!result.ok) return { ok: false, message: made ? `${plural(made, 'draft order')} made, then: ${result.message}` : result.message }
      made++
    }
    revalidatePath('/app/reorder')
    revalidatePath('/app/purchase-orders')
    return { ok: true, message: `${plural(made, 'draft order')} made. ${made === 1 ? 'Check it, then mark it sent' : 'Check them, then mark them sent'}: until then a draft counts as on order` }
  },
  { requireUser: true },
)
