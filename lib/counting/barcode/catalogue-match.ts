// Which catalogue product a code is: by its barcode (as printed, or as the
// same EAN/UPC number in another form, e.g. a UPC-A and its 13-digit EAN form)
// or by its SKU (trimmed; capitals never matter). The server's count and the
// phone's live count match codes the same way.
import type { CatalogueItem } from '../analyser.ts'
import { gtinKeys } from './retail-codes.ts'

export interface CatalogueIndex {
  byBarcode: Map<string, string[]>
  bySku: Map<string, string[]>
  /** each product's place in the catalogue: the products a code fits are listed in that order */
  rank: Map<string, number>
}

function add(index: Map<string, string[]>, key: string, id: string) {
  const ids = index.get(key)
  if (!ids) index.set(key, [id])
  else if (!ids.includes(id)) ids.push(id)
}

export function indexCatalogue(catalogue: readonly Pick<CatalogueItem, 'id' | 'sku' | 'barcode'>[]): CatalogueIndex {
  const byBarcode = new Map<string, string[]>()
  const bySku = new Map<string, string[]>()
  const rank = new Map(catalogue.map((item, i) => [item.id, i]))
  for (const item of catalogue) {
    const barcode = item.barcode?.trim()
    if (barcode) for (const key of gtinKeys(barcode)) add(byBarcode, key.toLowerCase(), item.id)
    const sku = item.sku?.trim().toLowerCase()
    if (sku) add(bySku, sku, item.id)
  }
  return { byBarcode, bySku, rank }
}

/** The products a code fits, by barcode and by SKU: one is a match, more is a clash the owner must resolve. */
export function matchCode(text: string, index: CatalogueIndex): string[] {
  const trimmed = text.trim()
  const ids = new Set<string>()
  for (const key of gtinKeys(trimmed)) for (const id of index.byBarcode.get(key.toLowerCase()) ?? []) ids.add(id)
  for (const id of index.bySku.get(trimmed.toLowerCase()) ?? []) ids.add(id)
  return [...ids].sort((a, b) => index.rank.get(a)! - index.rank.get(b)!)
}
