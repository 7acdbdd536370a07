import type { ReactNode } from 'react'

interface ReportTableProps {
  id: string
  title: string
  description?: string
  empty: string
  headers: string[]
  rows: { key: string; cells: ReactNode[] }[]
  footer?: ReactNode
}

/** A titled table: the first column names the row, the rest are figures (right-aligned). */
export function ReportTable({ id, title, description, empty, headers, rows, footer }: ReportTableProps) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-2 print:break-inside-avoid">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <table aria-labelledby={id} className="w-full table-fixed rounded-xl text-left text-sm">
          <thead className="text-xs text-muted-foreground">
            <tr>
              {headers.map((header, i) => (
                <th key={header} scope="col" className={i === 0 ? 'w-[45%] py-2 pr-2 font-medium' : 'py-2 pl-2 text-right font-medium'}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map((row) => (
              <tr key={row.key} className="border-t align-top">
                {row.cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="break-words py-2 pr-2 font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="py-2 pl-2 text-right">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {footer}
    </section>
  )
}
