'use server'

import { revalidatePath } from 'next/cache'
import { forgetShopMembers } from '@/lib/auth/shop-choice-cache'
import { draftRequestId, orderNumber, orderSuggestions } from '@/lib/data/purchase-orders'
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
    await forgetShopMembers(shop.id)
    revalidatePath('/app/reorder')
    return { ok: true }
  },
  { requireUser: true },
)

/**
 * One draft per supplier from the ticked suggestions, or the lines added to the supplier's open draft;
 * a retried submit makes the same drafts, not new ones, and adds nothing twice.
 */
export const createDraftOrders = validatedAction(
  draftOrdersSchema,
  async ({ requestId, lines }, { supabase }) => {
    const bySupplier = Map.groupBy(lines, (line) => line.supplierId)
    let made = 0
    const added: string[] = []
    for (const [supplierId, supplierLines] of bySupplier) {
      const result = await orderSuggestions(supabase, supplierId, supplierLines, draftRequestId(requestId, supplierId))
      if (!result.ok) return { ok: false, message: made + added.length ? `${doneSoFar(made, added)}, then: ${result.message}` : result.message }
      if (result.added) added.push(orderNumber(result.number))
      else made++
    }
    revalidatePath('/app/reorder')
    revalidatePath('/app/purchase-orders')
    const drafts = made + added.length
    return { ok: true, message: `${doneSoFar(made, added)}. ${drafts === 1 ? 'Check it, then mark it sent' : 'Check them, then mark them sent'}: until then a draft counts as on order` }
  },
  { requireUser: true },
)

/** "1 draft order made", "Added to draft PO-0003", or both. */
function doneSoFar(made: number, added: string[]): string {
  const parts = added.length ? [`Added to ${added.length === 1 ? 'draft' : 'drafts'} ${added.join(', ')}`] : []
  if (made) parts.push(`${plural(made, 'draft order')} made`)
  return parts.join('; ')
}
