// No zod here: the label picker's client bundle imports this module.
import { formatCount } from '@/lib/format/count'
export const MAX_COPIES = 50
/** Labels rendered at once: about 21 A4 sheets, and a page a phone can still hold. */
export const MAX_LABELS = 500
/** 3 × 8 labels of 63.5 × 33.9 mm on an A4 sheet */
export const LABELS_PER_SHEET = 24
/** Products without a SKU listed by name; the rest are counted. */
export const NEED_SKU_LIMIT = 50

const COPIES_ERROR = `Copies must be a whole number from 1 to ${MAX_COPIES}`

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

/**
 * `?copies=`: blank (null) is one label per unit in stock; a bad value falls back
 * (to 1, or the nearest allowed number) with a message.
 */
export function parseCopies(raw: string | string[] | undefined): { copies: number | null; message?: string } {
  const text = first(raw).trim()
  if (text === '') return { copies: null }
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (number >= 1 && number <= MAX_COPIES) return { copies: number }
  const copies = number > MAX_COPIES ? MAX_COPIES : 1
  return { copies, message: `${COPIES_ERROR}: showing ${copies} ${copies === 1 ? 'copy' : 'copies'} of each label.` }
}

/** `?set=`: which batch of products when they need more than MAX_LABELS labels; anything odd is the first. */
export function parseSet(raw: string | string[] | undefined): number {
  const set = Number.parseInt(first(raw), 10)
  return Number.isSafeInteger(set) && set >= 1 && set <= 100_000 ? set : 1
}

/** How many products fit in one print at `copies` labels each. */
export function productsPerSet(copies: number): number {
  return Math.max(1, Math.floor(MAX_LABELS / copies))
}

/**
 * Labels for one product: as many as asked for every product, or else one per unit
 * in stock. Out of stock still gets one, for the units on their way.
 */
export function copiesFor(qty: number, copies: number | null): number {
  return copies ?? Math.min(MAX_COPIES, Math.max(1, qty))
}

/** Each product its `copies` times in a row, so all of one product's labels sit together on the sheet. */
export function repeatLabels<T extends { id: string; copies: number }>(products: T[]): { key: string; product: T }[] {
  return products.flatMap((product) => Array.from({ length: product.copies }, (_, copy) => ({ key: `${product.id}-${copy}`, product })))
}

export function labelsHref({ copies, set }: { copies: number | null; set: number }): string {
  const params = new URLSearchParams()
  if (copies !== null) params.set('copies', String(copies))
  if (set > 1) params.set('set', String(set))
  return params.size ? `/app/products/labels?${params}` : '/app/products/labels'
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}
