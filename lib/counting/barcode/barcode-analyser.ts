// Counts stock from the codes on labels: each decoded code is matched to a
// catalogue product by its barcode (exactly, or as the same EAN/UPC number in
// another form, e.g. a UPC-A and its 13-digit EAN form), else by its SKU
// (trimmed, case-insensitive). Codes that match nothing are listed by text and
// symbology with how many labels carried them.
import type { Analyser, CatalogueItem, PhotoAnalysis, PhotoBox, ProductCount, UnmatchedItem } from '../analyser.ts'
import { decodePhoto, type DetectedCode } from './decode-photo.ts'
import { gtinKeys } from './retail-codes.ts'

interface CatalogueIndex {
  byBarcode: Map<string, string>
  bySku: Map<string, string>
}

function indexCatalogue(catalogue: readonly CatalogueItem[]): CatalogueIndex {
  const byBarcode = new Map<string, string>()
  const bySku = new Map<string, string>()
  for (const item of catalogue) {
    const barcode = item.barcode?.trim()
    if (barcode) for (const key of gtinKeys(barcode)) if (!byBarcode.has(key)) byBarcode.set(key, item.id)
    const sku = item.sku?.trim().toLowerCase()
    if (sku && !bySku.has(sku)) bySku.set(sku, item.id)
  }
  return { byBarcode, bySku }
}

/** The product a code stands for, if any: barcode first, then SKU. */
export function matchCode(text: string, index: CatalogueIndex): string | null {
  const trimmed = text.trim()
  for (const key of gtinKeys(trimmed)) {
    const id = index.byBarcode.get(key)
    if (id) return id
  }
  return index.bySku.get(trimmed.toLowerCase()) ?? null
}

type Code = Pick<DetectedCode, 'text' | 'format'> & Partial<Pick<DetectedCode, 'center' | 'size'>>

/** The square a label's symbol spans, from its centre and longest side. */
const boxOf = ({ center, size }: Code): PhotoBox | undefined =>
  center && size ? { x: Math.round(center.x - size / 2), y: Math.round(center.y - size / 2), width: Math.round(size), height: Math.round(size) } : undefined

/** Counts per product (placed where its first label was seen) and the unmatched codes, in order of first sighting. */
export function countCodes(codes: readonly Code[], catalogue: readonly CatalogueItem[]): Omit<PhotoAnalysis, 'analyser' | 'usage'> {
  const index = indexCatalogue(catalogue)
  const counts = new Map<string, ProductCount>()
  const unmatched = new Map<string, UnmatchedItem>()
  for (const code of codes) {
    const productId = matchCode(code.text, index)
    if (productId) {
      const entry = counts.get(productId) ?? { productId, count: 0, confidence: 1, box: boxOf(code) }
      entry.count++
      counts.set(productId, entry)
    } else {
      const key = `${code.format}\u0000${code.text}`
      const entry = unmatched.get(key) ?? { label: code.text, format: code.format, count: 0 }
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
      const decoded = await decodePhoto(photo.bytes, signal)
      return { analyser: 'barcode', ...countCodes(decoded.codes, catalogue), usage: null }
    },
  }
}
