// Scores what a reader reported on a real photo against the manifest.
// EAN/UPC numbers match when they stand for the same GTIN (a UPC-A and its
// 13-digit EAN form; a UPC-E and the UPC-A it expands to); other texts match
// once control characters (GS/FNC1, RS, EOT) and white space are left out,
// also as zxing's default (HRI) text shows them: as control pictures (␝ ␞ ␄),
// by their ASCII names (<GS>, <US>, <SOH>), or GS1 data with its application identifiers in brackets.
// A reported code that is in the photo neither as expected nor as
// `alsoPresent` is wrong; one reported more often than the photo has labels
// of it (each code is on one label) is a double. Both are as bad for a stock
// count as a missed label, so they are counted apart, not netted off reads.
import { upceToUpca } from '../../lib/counting/barcode/retail-codes.ts'
import type { ManifestItem } from './manifest.ts'

export interface ReportedCode {
  format: string
  text: string
}

const RETAIL = new Set(['EAN13', 'EAN8', 'UPCA', 'UPCE'])
/** zxing's text mode writes a control character by its ASCII name: <GS>, <US>, <SOH>, <DLE>; FNC1 as <FNC1>. */
const CONTROL_NAMES = /<(NUL|SOH|STX|ETX|EOT|ENQ|ACK|BEL|BS|HT|LF|VT|FF|CR|SO|SI|DLE|DC[1-4]|NAK|SYN|ETB|CAN|EM|SUB|ESC|FS|GS|RS|US|DEL|FNC1)>/g

/** The code as one comparable key: its GTIN-14 for EAN/UPC, else its text without control characters and white space. */
export function codeKey(format: string | undefined, text: string): string {
  const digits = /^\d+$/.test(text)
  if (format === 'UPCE' && text.length === 8) return `gtin:${(upceToUpca(text) ?? `upce?${text}`).padStart(14, '0')}`
  if ((format ? RETAIL.has(format) : digits && [8, 12, 13].includes(text.length)) && digits) return `gtin:${text.padStart(14, '0')}`
  const escaped = text.replace(CONTROL_NAMES, '')
  const shown = /^\(\d{2,4}\)/.test(escaped) ? escaped.replace(/\((\d{2,4})\)/g, '$1') : escaped
  return `text:${shown.replace(/[\u0000-\u001f\u007f\u2400-\u2421\s]/g, '')}`
}

export interface ItemScore {
  /** expected codes that count towards read % (none on scoreRead: false items) */
  scored: number
  /** of those, how many were reported */
  read: number
  /** reported codes not in the photo */
  wrong: ReportedCode[]
  /** reports of a code beyond the number of its labels */
  double: number
}

export function scoreItem(item: Pick<ManifestItem, 'expected' | 'alsoPresent' | 'scoreRead'>, reported: readonly ReportedCode[]): ItemScore {
  const labels = new Map<string, number>()
  for (const code of [...item.expected, ...(item.alsoPresent ?? [])]) {
    const key = codeKey(code.format, code.text)
    labels.set(key, (labels.get(key) ?? 0) + 1)
  }
  const seen = new Map<string, number>()
  const wrong: ReportedCode[] = []
  for (const code of reported) {
    const key = codeKey(code.format, code.text)
    if (labels.has(key)) seen.set(key, (seen.get(key) ?? 0) + 1)
    else wrong.push({ format: code.format, text: code.text })
  }
  let double = 0
  for (const [key, n] of seen) double += Math.max(0, n - labels.get(key)!)
  const expectedKeys = item.expected.map((code) => codeKey(code.format, code.text))
  const read = item.scoreRead ? new Set(expectedKeys.filter((key) => seen.has(key))).size : 0
  return { scored: item.scoreRead ? new Set(expectedKeys).size : 0, read, wrong, double }
}

/** Scores summed over a group of items (a format, a variant, all), with each item's time. */
export class ScoreTally {
  scored = 0
  read = 0
  wrong = 0
  double = 0
  readonly ms: number[] = []

  add(score: ItemScore, ms: number): void {
    this.scored += score.scored
    this.read += score.read
    this.wrong += score.wrong.length
    this.double += score.double
    this.ms.push(ms)
  }

  get readPct(): number {
    return this.scored === 0 ? Number.NaN : (100 * this.read) / this.scored
  }
}
