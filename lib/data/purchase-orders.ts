import 'server-only'
import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { orderUnits } from '@/lib/purchase-orders/order-cost'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export type PurchaseOrderStatus = 'draft' | 'sent' | 'partly_received' | 'received' | 'cancelled'

export interface PurchaseOrderSummary {
  id: string
  number: number
  status: PurchaseOrderStatus
  created_at: string
  supplier: { id: string; name: string } | null
  lines: number
  units: number
  received: number
}

export interface PurchaseOrderLine {
  id: string
  product_id: string
  name: string
  sku: string | null
  packs: number
  pack_size: number
  qty: number
  received: number
  unit_cost: number | null
}

export interface PurchaseOrder extends Omit<PurchaseOrderSummary, 'lines' | 'units' | 'received' | 'supplier'> {
  supplier: { id: string; name: string; email: string | null } | null
  notes: string | null
  sent_at: string | null
  received_at: string | null
  lines: PurchaseOrderLine[]
}

export const orderNumber = (number: number) => `PO-${String(number).padStart(4, '0')}`

/** A request id for one supplier's draft out of one submitted form: a retry makes the same drafts again, not new ones. */
export function draftRequestId(formRequestId: string, supplierId: string): string {
  const hex = createHash('sha256').update(`${formRequestId}:${supplierId}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * The reorder page's ticked lines for one supplier: added to its open draft when it has one
 * (`added`), else a new draft. A retry with the same request id changes nothing again.
 */
export async function orderSuggestions(
  supabase: SupabaseClient,
  supplierId: string,
  lines: { productId: string; packs: number }[],
  requestId: string,
): Promise<{ ok: true; id: string; number: number; added: boolean } | { ok: false; message: string }> {
  const { data, error } = await supabase
    .rpc('order_suggestions', {
      p_supplier_id: supplierId,
      p_lines: lines.map(({ productId, packs }) => ({ product_id: productId, packs })),
      p_request_id: requestId,
    })
    .single<{ id: string; number: number; added: boolean }>()
  return error ? { ok: false, message: error.message } : { ok: true, ...data }
}

interface LineRow {
  id: string
  product_id: string
  packs: number
  pack_size: number
  qty: number
  received: number
  unit_cost: string | number | null
  products: { name: string; sku: string | null } | null
}

export const ORDERS_PAGE_SIZE = 50

export interface PurchaseOrderPage {
  orders: PurchaseOrderSummary[]
  page: number
  pageCount: number
}

/** One page of the shop's orders in `statuses` (null: all), newest first; the first page when `page` is past the last. */
export async function listPurchaseOrders(supabase: SupabaseClient, statuses: readonly PurchaseOrderStatus[] | null, page = 1): Promise<PurchaseOrderPage> {
  const from = (page - 1) * ORDERS_PAGE_SIZE
  const query = supabase.from('purchase_orders').select('id, number, status, created_at, suppliers(id, name), purchase_order_lines(qty, received)', { count: 'exact' })
  const { data, count, error } = await (statuses ? query.in('status', statuses) : query)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + ORDERS_PAGE_SIZE - 1)
  if (error?.code === 'PGRST103' && page > 1) return listPurchaseOrders(supabase, statuses, 1)
  if (error) throw callFailure(error)
  const orders = data.map(({ suppliers, purchase_order_lines, ...order }) => {
    const lines = purchase_order_lines as { qty: number; received: number }[]
    return {
      ...(order as Omit<PurchaseOrderSummary, 'supplier' | 'lines' | 'units' | 'received'>),
      supplier: suppliers as unknown as PurchaseOrderSummary['supplier'],
      lines: lines.length,
      units: orderUnits(lines),
      received: lines.reduce((sum, l) => sum + l.received, 0),
    }
  })
  return { orders, page, pageCount: Math.max(1, Math.ceil((count ?? orders.length) / ORDERS_PAGE_SIZE)) }
}

export async function getPurchaseOrder(supabase: SupabaseClient, id: string): Promise<PurchaseOrder | null> {
  const { data, error } = await supabase
    .from('purchase_orders')
    .select('id, number, status, created_at, notes, sent_at, received_at, suppliers(id, name, email), purchase_order_lines(id, product_id, packs, pack_size, qty, received, unit_cost, products(name, sku))')
    .eq('id', id)
    .maybeSingle()
  if (error) throw callFailure(error)
  if (!data) return null
  const { suppliers, purchase_order_lines, ...order } = data
  return {
    ...(order as Omit<PurchaseOrder, 'supplier' | 'lines'>),
    supplier: suppliers as unknown as PurchaseOrder['supplier'],
    lines: (purchase_order_lines as unknown as LineRow[])
      .map(({ products, unit_cost, ...line }) => ({ ...line, name: products?.name ?? '', sku: products?.sku ?? null, unit_cost: unit_cost === null ? null : Number(unit_cost) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}

export type ReceiveResult =
  | { ok: true; status: PurchaseOrderStatus; applied: number; skipped: number }
  | { ok: false; message: string; overReceive?: boolean }

/** Receives units on lines; `receivedBefore` is what the screen showed as received. */
export async function receivePurchaseOrder(
  supabase: SupabaseClient,
  id: string,
  lines: { lineId: string; units: number; receivedBefore: number }[],
  allowOver: boolean,
): Promise<ReceiveResult> {
  const { data, error } = await supabase.rpc('receive_purchase_order', {
    p_purchase_order_id: id,
    p_lines: lines.map((l) => ({ line_id: l.lineId, units: l.units, received_before: l.receivedBefore })),
    p_allow_over: allowOver,
  })
  if (error) return { ok: false, message: error.message, overReceive: error.hint === 'over_receive' }
  const result = data as { status: PurchaseOrderStatus; lines: { applied: boolean }[] }
  const applied = result.lines.filter((l) => l.applied).length
  return { ok: true, status: result.status, applied, skipped: result.lines.length - applied }
}

/** A draft's lines at these packs (0 takes a line off), in one call; how many lines changed. */
export async function updatePurchaseOrderDraft(supabase: SupabaseClient, id: string, lines: { lineId: string; packs: number }[]) {
  const { data, error } = await supabase.rpc('update_purchase_order_draft', { p_purchase_order_id: id, p_lines: lines.map((l) => ({ id: l.lineId, packs: l.packs })) })
  return error ? { ok: false as const, message: error.message } : { ok: true as const, changed: data as number }
}

export async function setPurchaseOrderStatus(supabase: SupabaseClient, id: string, status: 'sent' | 'cancelled') {
  const { error } = await supabase.rpc('set_purchase_order_status', { p_purchase_order_id: id, p_status: status })
  return error ? { ok: false as const, message: error.message } : { ok: true as const }
}

/** Units of the product on open orders, not yet received: units_on_order(), as the counter list counts them. */
export async function unitsOnOrder(supabase: SupabaseClient, productId: string): Promise<number> {
  const { data, error } = await supabase.rpc('units_on_order').eq('product_id', productId).maybeSingle<{ units: number }>()
  if (error) throw callFailure(error)
  return data?.units ?? 0
}
