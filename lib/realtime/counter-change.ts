// What a change heard on the counter list means for it. The list keeps its rows on the phone and
// shows each product's stock as the last number the server gave plus the taps not yet booked, so
// a movement's qty_after is that number: no read needed. Anything else about the products (one
// added, removed, renamed, repriced) reads the page again.

/** The parts of a postgres_changes payload this looks at (supabase-js's RealtimePostgresChangesPayload). */
export interface HeardChange {
  table: string
  eventType: 'INSERT' | 'UPDATE' | 'DELETE'
  new: Record<string, unknown>
  old: Record<string, unknown>
  errors: string[] | null
}

export type CounterChange =
  /** a ledger movement: the product's stock is now `qty`; `requestId` says which change made it */
  | { kind: 'stock'; productId: string; qty: number; requestId: string | null }
  /** read the page again */
  | { kind: 'read' }

/** A product's columns that change with its stock, and need no read: the movement carries the number. */
const STOCK_COLUMNS = new Set(['qty', 'updated_at'])

/** null: nothing on the list changed (a product's stock, told by its movement). */
export function counterChange(change: HeardChange): CounterChange | null {
  if (change.errors?.length) return { kind: 'read' }
  if (change.table === 'stock_movements') {
    const { product_id: productId, qty_after: qty, request_id: requestId } = change.new
    if (change.eventType !== 'INSERT') return null
    if (typeof productId !== 'string' || typeof qty !== 'number') return { kind: 'read' }
    return { kind: 'stock', productId, qty, requestId: typeof requestId === 'string' ? requestId : null }
  }
  if (change.table === 'products' && change.eventType === 'UPDATE') {
    const columns = Object.keys(change.new)
    // the old row is whole (replica identity full): only the stock moved, or it is read again
    const onlyStock = columns.every((column) => STOCK_COLUMNS.has(column) || (column in change.old && same(change.old[column], change.new[column])))
    return onlyStock ? null : { kind: 'read' }
  }
  return { kind: 'read' }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
