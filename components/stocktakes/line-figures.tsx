import type { ReviewLine } from '@/lib/stocktakes/review'
import { signed } from '@/lib/format/signed'
import { REASON_LABELS } from '@/lib/products/stock-reasons'

/**
 * Every number of a product's line but its two counts, each labelled, as the
 * database worked it out: the same numbers confirming writes. Zeros the owner
 * needs no word on (nothing received, no refill) are left out.
 */
export function LineFigures({ line }: { line: ReviewLine }) {
  const rows: [string, string, boolean?][] = [['In catalogue at the morning photos', String(line.qty_at_start)]]
  if (line.received > 0) rows.push(['Received during the day', String(line.received)])
  if (line.moved > 0) rows.push(['Moved from storage to shelf', String(line.moved)])
  if (line.sold > 0) rows.push(['Recorded sales during the day', String(line.sold)])
  if (line.other_out > 0) rows.push(['Recorded damaged or lost', String(line.other_out)])
  rows.push(['Units gone', String(line.gone)])
  if (line.gone_sold > 0) rows.push(['Sold', String(line.gone_sold)])
  if (line.gone_other > 0) rows.push(['Damaged or lost', String(line.gone_other)])
  if (line.missing > 0) rows.push(['Missing', String(line.missing)])
  if (line.sold_or_missing > 0) rows.push(['Sold or missing', String(line.sold_or_missing)])
  if (line.refill > 0) rows.push(['Refilled from storage?', String(line.refill)])
  if (line.opening !== 0) rows.push(['Count correction at the morning photos', signed(line.opening)])
  if (line.gain > 0) rows.push(['More than the ledger explains', signed(line.gain)])
  rows.push(['Stock now', String(line.qty_now)], ['Stock after confirming', String(line.qty_after), true])

  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value, strong]) => (
          <div key={term} className={strong ? 'contents font-semibold' : 'contents'}>
            <dt className={strong ? 'border-t pt-1' : 'text-muted-foreground'}>{term}</dt>
            <dd className={`text-right tabular-nums ${strong ? 'border-t pt-1 text-base' : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {line.movements.length > 0 && (
        <ul className="grid gap-0.5 text-sm" aria-label={`Booked for ${line.name}`}>
          {line.movements.map((move) => (
            <li key={move.kind} className="flex justify-between gap-3 rounded bg-muted/50 px-2 py-1">
              <span>{REASON_LABELS[move.reason]}</span>
              <span className="tabular-nums">{signed(move.delta)}</span>
            </li>
          ))}
        </ul>
      )}
      {line.refill > 0 && (
        <p className="text-xs text-muted-foreground">More on the shelf in the evening than the day explains: refilled from storage? Nothing is booked for it.</p>
      )}
      {line.clamped && <p className="text-xs font-medium text-destructive">Stock cannot go below 0: it is set to 0.</p>}
    </div>
  )
}
