'use client'

import Link from 'next/link'
import type { ReactNode } from 'react'

/**
 * A cell as data, formatted on the server (money, dates on the shop's clock): the table comes to the
 * page as its figures, not as markup, which the server would otherwise write twice (payload and HTML).
 */
export type ReportCell =
  | string
  | number
  | { product: { id: string; name: string; sku: string | null } }
  | { link: { href: string; label: string } }
  /** a value at cost: null when unknown; leftOut counts products without a cost it leaves out */
  | { cost: string | null; leftOut: number }

interface ReportTableProps {
  id: string
  title: string
  description?: string
  empty: string
  headers: string[]
  rows: { key: string; cells: ReportCell[] }[]
  footer?: ReactNode
}

const linkClass = 'underline-offset-4 hover:underline'

/** "—" (and why, to a screen reader) when unknown; a * when it leaves products out. */
function CostCell({ cost, leftOut }: { cost: string | null; leftOut: number }) {
  if (cost === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">unknown: no cost price</span>
      </>
    )
  }
  return (
    <>
      {cost}
      {leftOut > 0 && (
        <>
          <span aria-hidden="true"> *</span>
          <span className="sr-only">{` (leaves out ${leftOut === 1 ? '1 product' : `${leftOut} products`} without a cost price)`}</span>
        </>
      )}
    </>
  )
}

function Cell({ cell }: { cell: ReportCell }) {
  if (typeof cell !== 'object') return cell
  if ('product' in cell) {
    const { id, name, sku } = cell.product
    return (
      <>
        <Link href={`/app/products/${id}`} prefetch={false} className={linkClass}>
          {name}
        </Link>
        {sku && <span className="block text-xs text-muted-foreground">{sku}</span>}
      </>
    )
  }
  if ('link' in cell) {
    return (
      <Link href={cell.link.href} prefetch={false} className={linkClass}>
        {cell.link.label}
      </Link>
    )
  }
  return <CostCell {...cell} />
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
                      <Cell cell={cell} />
                    </th>
                  ) : (
                    <td key={i} className="py-2 pl-2 text-right">
                      <Cell cell={cell} />
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
