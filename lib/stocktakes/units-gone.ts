export interface ReviewLine {
  start: number
  end: number
  /** units the ledger recorded as received (or returned) between the two sides' photos */
  received: number
  /** units the ledger recorded as sold in the same window */
  sold: number
}

export interface UnitsGone {
  /** start + received − end; negative when more is on the shelf than can be explained */
  gone: number
  /** recorded sales, up to what is gone; null when the ledger recorded none */
  sold: number | null
  /** gone beyond recorded sales; null when no sales were recorded (then nobody can tell) */
  missing: number | null
  /** gone without any recorded sale: sold or missing, unknown which */
  soldOrMissing: number | null
}

/** What left the shelf, without pretending to know what the ledger does not record. */
export function unitsGone({ start, end, received, sold }: ReviewLine): UnitsGone {
  const gone = start + received - end
  if (sold <= 0) return { gone, sold: null, missing: null, soldOrMissing: Math.max(gone, 0) }
  const explained = Math.min(sold, Math.max(gone, 0))
  return { gone, sold: explained, missing: Math.max(gone - explained, 0), soldOrMissing: null }
}
