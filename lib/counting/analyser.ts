// The contract every stock-counting analyser meets. A count is a proposal:
// the owner reviews it before any quantity changes.

/** A catalogue product as the analysers see it. */
export interface CatalogueItem {
  id: string
  name: string
  sku: string | null
  barcode: string | null
  /** a short-lived URL of the product's reference photo, if it has one */
  imageUrl: string | null
}

export interface PhotoInput {
  /** JPEG, PNG or WebP bytes, already upright */
  bytes: Buffer
  mimeType: string
}

export type AnalyserKind = 'barcode' | 'vision'

/** A rectangle in the upright photo's pixels. */
export interface PhotoBox {
  x: number
  y: number
  width: number
  height: number
}

export interface ProductCount {
  productId: string
  count: number
  /** 0–1; 1 for decoded barcodes */
  confidence: number
  /** where the first of its labels was found, when the analyser knows (the review shows that part of the photo) */
  box?: PhotoBox
}

/** Something seen that was not counted: a code's text, or the model's description. */
export interface UnmatchedItem {
  label: string
  /** barcode symbology, e.g. 'EAN13', when the analyser is the barcode one */
  format: string | null
  count: number
  /** the products a code fits when it fits more than one (it is counted for none of them); absent when it fits none */
  matches?: string[]
}

export interface AnalysisUsage {
  promptTokens: number
  completionTokens: number
  /** null when the price of the model is not configured */
  costUsd: number | null
}

export interface PhotoAnalysis {
  analyser: AnalyserKind
  /** one entry per catalogue product found (products not seen are omitted) */
  counts: ProductCount[]
  unmatched: UnmatchedItem[]
  usage: AnalysisUsage | null
}

export interface Analyser {
  readonly kind: AnalyserKind
  analyse(photo: PhotoInput, catalogue: readonly CatalogueItem[], signal?: AbortSignal): Promise<PhotoAnalysis>
}

export type AnalysisErrorCode = 'unreadable_image' | 'timeout' | 'refused' | 'malformed' | 'unavailable'

/** A failure the owner is shown: `message` is written for them. */
export class AnalysisError extends Error {
  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'AnalysisError'
  }
}
