import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export interface StockMovement {
  id: string
  delta: number
  qty_after: number
  reason: string
  note: string | null
  source: string
  created_by: string | null
  created_at: string
}

export interface StockChange {
  productId: string
  reason: string
  note: string | null
  requestId: string
}

export type StockChangeResult = { ok: true; qtyAfter: number | null } | { ok: false; message: string }

// The ledger functions' own messages are written for the owner; pass them on.
// 42501: a count correction by staff the owner does not let confirm stocktakes.
const EXPECTED_ERRORS = new Set(['23514', 'P0002', '22023', '42501'])

function changeResult(
  data: { qty_after: number } | null,
  error: { code: string; message: string } | null,
): StockChangeResult {
  if (error && EXPECTED_ERRORS.has(error.code)) return { ok: false, message: error.message }
  if (error) throw callFailure(error)
  return { ok: true, qtyAfter: data?.qty_after ?? null }
}

/** A signed change through adjust_stock(); a repeated request id applies once. */
export async function adjustStock(supabase: SupabaseClient, change: StockChange & { delta: number }) {
  const { data, error } = await supabase.rpc('adjust_stock', {
    p_product_id: change.productId,
    p_delta: change.delta,
    p_reason: change.reason,
    p_note: change.note,
    p_source: 'manual',
    p_request_id: change.requestId,
  })
  return changeResult(data as { qty_after: number } | null, error)
}

/** An absolute count through set_stock(); qtyAfter is null when the count already matched. */
export async function setStock(supabase: SupabaseClient, change: StockChange & { qty: number }) {
  const { data, error } = await supabase.rpc('set_stock', {
    p_product_id: change.productId,
    p_qty: change.qty,
    p_reason: change.reason,
    p_note: change.note,
    p_source: 'manual',
    p_request_id: change.requestId,
  })
  return changeResult(data as { qty_after: number } | null, error)
}

/** Reverses the manual sale or receipt booked with `requestId`; a second undo books nothing. */
export async function undoStockChange(supabase: SupabaseClient, change: { productId: string; requestId: string }) {
  const { data, error } = await supabase.rpc('undo_stock_change', {
    p_product_id: change.productId,
    p_request_id: change.requestId,
  })
  return changeResult(data as { qty_after: number } | null, error)
}

export const MOVEMENTS_PAGE_SIZE = 20

export interface MovementPage {
  movements: StockMovement[]
  page: number
  pageCount: number
}

/** One page of a product's ledger, newest first. */
export async function listMovements(supabase: SupabaseClient, productId: string, page = 1): Promise<MovementPage> {
  const from = (page - 1) * MOVEMENTS_PAGE_SIZE
  const { data, count, error } = await supabase
    .from('stock_movements')
    .select('id, delta, qty_after, reason, note, source, created_by, created_at', { count: 'exact' })
    .eq('product_id', productId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + MOVEMENTS_PAGE_SIZE - 1)
    .overrideTypes<StockMovement[], { merge: false }>()
  if (error?.code === 'PGRST103' && page > 1) return listMovements(supabase, productId, 1)
  if (error) throw callFailure(error)
  const total = count ?? data.length
  return { movements: data, page, pageCount: Math.max(1, Math.ceil(total / MOVEMENTS_PAGE_SIZE)) }
}
