'use client'

/** A headline figure as the page shows it: its value formatted on the server (money in the shop's currency). */
export interface ShownFigure {
  label: string
  value: string
  note?: string
}

/**
 * The headline figures, each a term and its value, with what it leaves out beneath. Comes as data
 * (the report's tables do too): as markup the server writes it twice, payload and HTML.
 */
export function ReportFigures({ figures }: { figures: ShownFigure[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="grid content-start gap-1 rounded-xl border bg-card p-3 sm:p-4">
          <dt className="text-sm text-muted-foreground">{figure.label}</dt>
          <dd className="text-xl font-bold tabular-nums sm:text-2xl">{figure.value}</dd>
          {figure.note && <dd className="text-xs text-muted-foreground">{figure.note}</dd>}
        </div>
      ))}
    </dl>
  )
}
