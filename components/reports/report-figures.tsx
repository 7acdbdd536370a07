import { formatFigure, type FigureRow } from '@/lib/reports/figure-rows'

/** The headline figures, each a term and its value, with what it leaves out beneath. */
export function ReportFigures({ rows, currency }: { rows: FigureRow[]; currency: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {rows.map((row) => (
        <div key={row.label} className="grid content-start gap-1 rounded-xl border bg-card p-3 sm:p-4">
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd className="text-xl font-bold tabular-nums sm:text-2xl">
            {formatFigure(row, currency)}
          </dd>
          {row.note && <dd className="text-xs text-muted-foreground">{row.note}</dd>}
        </div>
      ))}
    </dl>
  )
}
