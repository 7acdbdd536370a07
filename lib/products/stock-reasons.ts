// Plain constants, no zod: client components import them.

/** Reasons an owner can pick; 'initial' is written only by the database when a product is created. */
export const STOCK_REASONS = [
  { value: 'received', label: 'Received' },
  { value: 'sold', label: 'Sold' },
  { value: 'count_correction', label: 'Count correction' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'lost', label: 'Lost or stolen' },
  { value: 'returned', label: 'Returned' },
] as const

export const REASON_LABELS: Record<string, string> = {
  ...Object.fromEntries(STOCK_REASONS.map((reason) => [reason.value, reason.label])),
  initial: 'Opening stock',
  gone: 'Sold or missing',
}

export const SOURCE_LABELS: Record<string, string> = {
  manual: 'By hand',
  photo_count: 'Photo count',
  import: 'CSV import',
  purchase_order: 'Purchase order',
}

export const STOCK_MODES = [
  { value: 'add', label: 'Add', reason: 'received' },
  { value: 'remove', label: 'Remove', reason: 'sold' },
  { value: 'count', label: 'Set count', reason: 'count_correction' },
] as const
