// Plain constants, no zod: client components import them.

/**
 * Reasons an owner can pick, each with the changes it can be ('initial' is written only by the
 * database when a product is created): a sale, damage or loss takes stock away, a delivery or a
 * customer's return adds to it, and a count correction goes either way or sets the count.
 */
export const STOCK_REASONS = [
  { value: 'received', label: 'Received', modes: ['add'] },
  { value: 'sold', label: 'Sold', modes: ['remove'] },
  { value: 'count_correction', label: 'Count correction', modes: ['add', 'remove', 'count'] },
  { value: 'damaged', label: 'Damaged', modes: ['remove'] },
  { value: 'lost', label: 'Lost or stolen', modes: ['remove'] },
  { value: 'returned', label: 'Returned', modes: ['add'] },
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

/** Whether `reason` can be a change of this kind. */
export const reasonFits = (reason: string, mode: string) =>
  STOCK_REASONS.some((option) => option.value === reason && (option.modes as readonly string[]).includes(mode))

/** What the form says when the reason and the change do not go together. */
export const REASON_MISFIT: Record<(typeof STOCK_MODES)[number]['value'], string> = {
  add: 'Choose a reason that adds stock',
  remove: 'Choose a reason that takes stock away',
  count: 'A new count is a count correction',
}

/**
 * The label of a movement as the owner reads it. A reason that goes one way only, written the
 * other way, is an undo (an undo is the opposite of a change with its reason; adjust_stock()
 * refuses anything else that way round): "Sold (undone)" for a sale put back, never "Sold +2".
 */
export function reasonLabel(reason: string, delta: number): string {
  const label = REASON_LABELS[reason] ?? reason
  const pickable = STOCK_REASONS.some((option) => option.value === reason)
  return pickable && !reasonFits(reason, delta > 0 ? 'add' : 'remove') ? `${label} (undone)` : label
}
