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
import { indexCatalogue, matchCode } from './catalogue-match.ts'

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
