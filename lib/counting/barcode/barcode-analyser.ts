// Counts stock from the codes on labels: each decoded code is matched to a
// catalogue product by its barcode (as printed, or as the same EAN/UPC number in
// another form, e.g. a UPC-A and its 13-digit EAN form) or by its SKU (trimmed;
// capitals never matter, as codes are unique per shop whatever their capitals).
// A code that fits two products (made before that rule, or one's barcode the
// other's SKU) is counted for neither: it is listed with the products it fits,
// as codes that match nothing are, by text and symbology with how many labels
// carried them.
import type { Analyser, CatalogueItem, PhotoAnalysis, PhotoBox, ProductCount, UnmatchedItem } from '../analyser.ts'
import type { DetectedCode } from './decode-photo.ts'
import { decodePhotoFile } from './load-photo.ts'
import { gtinKeys } from './retail-codes.ts'

interface CatalogueIndex {
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

function indexCatalogue(catalogue: readonly CatalogueItem[]): CatalogueIndex {
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

type Code = Pick<DetectedCode, 'text' | 'format'> & Partial<Pick<DetectedCode, 'center' | 'size'>>

/** The square a label's symbol spans, from its centre and longest side. */
const boxOf = ({ center, size }: Code): PhotoBox | undefined =>
  center && size ? { x: Math.round(center.x - size / 2), y: Math.round(center.y - size / 2), width: Math.round(size), height: Math.round(size) } : undefined

/** Counts per product (placed where its first label was seen) and the codes not counted, in order of first sighting. */
export function countCodes(codes: readonly Code[], catalogue: readonly CatalogueItem[]): Omit<PhotoAnalysis, 'analyser' | 'usage'> {
  const index = indexCatalogue(catalogue)
  const counts = new Map<string, ProductCount>()
  const unmatched = new Map<string, UnmatchedItem>()
  for (const code of codes) {
    const [productId, ...others] = matchCode(code.text, index)
    if (productId && others.length === 0) {
      const entry = counts.get(productId) ?? { productId, count: 0, confidence: 1, box: boxOf(code) }
      entry.count++
      counts.set(productId, entry)
    } else {
      const key = `${code.format}\u0000${code.text}`
      const entry: UnmatchedItem = unmatched.get(key) ?? { label: code.text, format: code.format, count: 0, ...(productId ? { matches: [productId, ...others] } : {}) }
      entry.count++
      unmatched.set(key, entry)
    }
  }
  return { counts: [...counts.values()], unmatched: [...unmatched.values()] }
}

export function createBarcodeAnalyser(): Analyser {
  return {
    kind: 'barcode',
    async analyse(photo, catalogue, signal) {
      const decoded = await decodePhotoFile(photo.bytes, signal)
      return { analyser: 'barcode', ...countCodes(decoded.codes, catalogue), usage: null }
    },
  }
}
