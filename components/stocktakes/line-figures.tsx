import type { ReviewLine } from '@/lib/stocktakes/review'
import { signed } from '@/lib/format/signed'
import { lineFigures, movementLabel } from '@/lib/stocktakes/line-figures'
import { cn } from '@/lib/utils'

interface LineFiguresProps {
  line: ReviewLine
  confirmed: boolean
  /** figures that changed since the owner last saw them (a refused confirmation): marked */
  changed?: ReadonlySet<string>
}

/** A product's figures and the movements confirming books, each labelled, as the database worked them out. */
export function LineFigures({ line, confirmed, changed }: LineFiguresProps) {
  const mark = (term: string) => changed?.has(term) && 'bg-amber-100'
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {lineFigures(line, confirmed).map(({ term, value, strong }) => (
          <div key={term} className={strong ? 'contents font-semibold' : 'contents'}>
            <dt className={cn(strong ? 'border-t pt-1' : 'text-muted-foreground', mark(term))}>{term}</dt>
            <dd className={cn('text-right tabular-nums', strong && 'border-t pt-1 text-base', mark(term))}>{value}</dd>
          </div>
        ))}
      </dl>
      {line.movements.length > 0 && (
        <ul className="grid gap-0.5 text-sm" aria-label={`Booked for ${line.name}`}>
          {line.movements.map((move) => (
            <li key={move.kind} className={cn('flex justify-between gap-3 rounded bg-muted/50 px-2 py-1', mark(`Booked: ${movementLabel(move)}`))}>
              <span>{movementLabel(move)}</span>
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
