'use server'

import { revalidatePath } from 'next/cache'
import { receivePurchaseOrder, setPurchaseOrderStatus, updatePurchaseOrderDraft } from '@/lib/data/purchase-orders'
import { draftLinesSchema, purchaseOrderStatusSchema, receiveSchema } from '@/lib/validations/purchase-order'
import { plural } from '@/lib/format/plural'
import type { ActionState } from './action-state'
import { validatedAction } from './validated-action'

const refresh = (id: string) => {
  revalidatePath(`/app/purchase-orders/${id}`)
  revalidatePath('/app/purchase-orders')
  revalidatePath('/app/reorder')
  revalidatePath('/app/products')
}

export const changePurchaseOrderStatus = validatedAction(
  purchaseOrderStatusSchema,
  async ({ id, status }, { supabase }) => {
    const result = await setPurchaseOrderStatus(supabase, id, status)
    if (!result.ok) return result
    refresh(id)
    return { ok: true, message: status }
  },
  { requireUser: true },
)

export interface ReceiveState extends ActionState {
  /** the server asks before receiving more than was ordered */
  overReceive?: boolean
}

export const receiveStock = validatedAction(
  receiveSchema,
  async ({ id, allowOver, lines }, { supabase }): Promise<ReceiveState> => {
    const result = await receivePurchaseOrder(supabase, id, lines, allowOver)
    if (!result.ok) return { ok: false, message: result.message, overReceive: result.overReceive }
    refresh(id)
    const skipped = result.skipped ? ` ${plural(result.skipped, 'line')} had already been received on another device or tab.` : ''
    return { ok: true, message: `${plural(result.applied, 'line')} received.${skipped}` }
  },
  { requireUser: true, allErrors: true },
)

export const saveDraftOrder = validatedAction(
  draftLinesSchema,
  async ({ id, lines }, { supabase }) => {
    const result = await updatePurchaseOrderDraft(supabase, id, lines)
    if (!result.ok) return result
    refresh(id)
    return { ok: true, message: result.changed === 0 ? 'Nothing changed' : `${plural(result.changed, 'line')} changed` }
  },
  { requireUser: true, allErrors: true },
)
