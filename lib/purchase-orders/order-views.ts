import type { PurchaseOrderStatus } from '@/lib/data/purchase-orders'

export interface OrderView {
  id: 'open' | 'received' | 'cancelled' | 'all'
  label: string
  /** the statuses it lists; null for every order */
  statuses: readonly PurchaseOrderStatus[] | null
  /** what an empty list says */
  empty: { title: string; text: string }
}

/** An order still to act on: to send, or to receive (and so still to cancel). */
export const OPEN_STATUSES: readonly PurchaseOrderStatus[] = ['draft', 'sent', 'partly_received']

/** The purchase-order list's tabs: the orders still to act on first (to send, to receive), then the rest. */
export const ORDER_VIEWS: readonly OrderView[] = [
  {
    id: 'open',
    label: 'Open',
    statuses: OPEN_STATUSES,
    empty: { title: 'No open orders', text: 'Make drafts from the reorder suggestions, one per supplier. Orders received or cancelled are under their own tabs.' },
  },
  { id: 'received', label: 'Received', statuses: ['received'], empty: { title: 'No orders received yet', text: 'An order moves here once all of it has arrived.' } },
  { id: 'cancelled', label: 'Cancelled', statuses: ['cancelled'], empty: { title: 'No cancelled orders', text: 'Orders you cancel move here.' } },
  { id: 'all', label: 'All', statuses: null, empty: { title: 'No purchase orders yet', text: 'Make drafts from the reorder suggestions, one per supplier.' } },
]

/** A list's `?show=` as one of the views: the open orders for anything else. */
export function orderView(value: string | string[] | undefined): OrderView {
  const id = Array.isArray(value) ? value[0] : value
  return ORDER_VIEWS.find((view) => view.id === id) ?? ORDER_VIEWS[0]!
}

/** The list's address for a view and page, without the defaults. */
export function ordersHref(view: OrderView['id'], page = 1): string {
  const params = new URLSearchParams()
  if (view !== 'open') params.set('show', view)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return `/app/purchase-orders${query ? `?${query}` : ''}`
}
