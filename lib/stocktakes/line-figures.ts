// A review line's figures in the owner's words: what each card shows, and,
// when confirming was refused because the ledger moved, what changed.
import { signed } from '@/lib/format/signed'
import { REASON_LABELS } from '@/lib/products/stock-reasons'
import type { Movement, Review, ReviewLine } from './review'

export interface Figure {
  term: string
  value: string
  /** the figure the line ends on */
  strong?: boolean
}

/** The stock as the review found it, and what confirming makes it. Once confirmed, the first is the stock before. */
export function stockFigures(line: ReviewLine, confirmed: boolean): Figure[] {
  return [
    { term: confirmed ? 'Stock before confirming' : 'Stock now', value: String(line.qty_now) },
    { term: 'Stock after confirming', value: String(line.qty_after), strong: true },
  ]
}

/**
 * Every number of a product's line but its two counts, each labelled, as the
 * database worked it out: the same numbers confirming writes. Zeros the owner
 * needs no word on (nothing received, no refill) are left out.
 */
export function lineFigures(line: ReviewLine, confirmed: boolean): Figure[] {
  const rows: [string, number, ((n: number) => string)?][] = [['In catalogue at the morning photos', line.qty_at_start]]
  const some = (term: string, value: number, format?: (n: number) => string) => {
    if (value !== 0) rows.push([term, value, format])
  }
  some('Received during the day', line.received)
  some('Moved from storage to shelf', line.moved)
  some('Recorded sales during the day', line.sold)
  some('Recorded damaged or lost', line.other_out)
  rows.push(['Units gone', line.gone])
  some('Sold', line.gone_sold)
  some('Damaged or lost', line.gone_other)
  some('Missing', line.missing)
  some('Sold or missing', line.sold_or_missing)
  some('Refilled from storage?', line.refill)
  some('Count correction at the morning photos', line.opening, signed)
  some('More than the ledger explains', line.gain, signed)
  return [...rows.map(([term, value, format = String]) => ({ term, value: format(value) })), ...stockFigures(line, confirmed)]
}

/**
 * A movement confirming books. In "Everything we hold" a product can book two count corrections:
 * the morning count against the catalogue, and the evening against what the day explains.
 */
export function movementLabel(move: Movement): string {
  if (move.reason === 'count_correction') return move.kind === 'opening' ? 'Count correction at the morning photos' : 'Count correction during the day'
  return REASON_LABELS[move.reason] ?? move.reason
}

export interface FigureChange {
  term: string
  before: string
  after: string
}

export interface LineChange {
  productId: string
  name: string
  /** empty for a product the earlier review did not have */
  changes: FigureChange[]
}

/** Everything a card shows, as term → value: the counts, the figures and the movements. */
function shown(line: ReviewLine): Map<string, string> {
  return new Map([
    ['Morning count', String(line.start_count)],
    ['Evening count', String(line.end_count)],
    ...lineFigures(line, false).map(({ term, value }): [string, string] => [term, value]),
    ...line.movements.map((move): [string, string] => [`Booked: ${movementLabel(move)}`, signed(move.delta)]),
  ])
}

/** What a new review changed against the one the owner saw, product by product, in the cards' words. */
export function reviewChanges(before: Review, after: Review): LineChange[] {
  const earlier = new Map(before.lines.map((line) => [line.product_id, line]))
  return after.lines.flatMap((line) => {
    const previous = earlier.get(line.product_id)
    if (!previous) return [{ productId: line.product_id, name: line.name, changes: [] }]
    const [was, now] = [shown(previous), shown(line)]
    // A figure left out is a zero the card did not need to show.
    const changes = [...new Set([...was.keys(), ...now.keys()])]
      .map((term) => ({ term, before: was.get(term) ?? '0', after: now.get(term) ?? '0' }))
      .filter(({ before: a, after: b }) => a !== b)
    return changes.length > 0 ? [{ productId: line.product_id, name: line.name, changes }] : []
  })
}
