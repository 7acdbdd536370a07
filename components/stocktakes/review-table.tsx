'use client'

import type { ReviewRow } from '@/lib/data/stocktakes'
import { unitsGone } from '@/lib/stocktakes/units-gone'
import { Input } from '@/components/ui/input'

export interface EditedCount {
  start: number
  end: number
}

const percent = (confidence: number | null) => (confidence === null ? '—' : `${Math.round(confidence * 100)}%`)

function GoneCell({ row, count }: { row: ReviewRow; count: EditedCount }) {
  const gone = unitsGone({ start: count.start, end: count.end, received: row.received, sold: row.sold })
  if (gone.gone < 0) return <span>{gone.gone} <span className="text-muted-foreground">(more than expected)</span></span>
  if (gone.soldOrMissing !== null) return <span>{gone.gone} <span className="text-muted-foreground">sold or missing</span></span>
  return (
    <span>
      {gone.gone} <span className="text-muted-foreground">({gone.sold} sold, {gone.missing} missing)</span>
    </span>
  )
}

function CountInput({ label, value, disabled, onChange }: { label: string; value: number; disabled: boolean; onChange: (n: number) => void }) {
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={0}
      max={1_000_000}
      step={1}
      aria-label={label}
      className="w-20"
      value={Number.isNaN(value) ? '' : value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
    />
  )
}

/** Per product: the proposed counts (editable), what the ledger says about the day, and what confirming will do. */
export function ReviewTable({
  rows,
  counts,
  readOnly,
  confirmed,
  onChange,
}: {
  rows: ReviewRow[]
  counts: Record<string, EditedCount>
  readOnly: boolean
  /** the last column then shows the stock the confirmation left */
  confirmed: boolean
  onChange: (productId: string, count: EditedCount) => void
}) {
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full min-w-[720px] text-sm">
        <caption className="sr-only">Counted products</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="p-3">Product</th>
            <th scope="col" className="p-3">Start count</th>
            <th scope="col" className="p-3">Received</th>
            <th scope="col" className="p-3">End count</th>
            <th scope="col" className="p-3">Units gone</th>
            <th scope="col" className="p-3">Confidence</th>
            <th scope="col" className="p-3">{confirmed ? 'Stock after' : 'In catalogue'}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const count = counts[row.product_id] ?? { start: row.start_count, end: row.end_count }
            return (
              <tr key={row.product_id} className="border-t align-middle">
                <th scope="row" className="p-3 text-left font-medium">
                  {row.name}
                  {row.sku && <span className="block text-xs font-normal text-muted-foreground">{row.sku}</span>}
                </th>
                <td className="p-3">
                  <CountInput label={`Start count for ${row.name}`} value={count.start} disabled={readOnly} onChange={(start) => onChange(row.product_id, { ...count, start })} />
                </td>
                <td className="p-3">{row.received}</td>
                <td className="p-3">
                  <CountInput label={`End count for ${row.name}`} value={count.end} disabled={readOnly} onChange={(end) => onChange(row.product_id, { ...count, end })} />
                </td>
                <td className="p-3" data-testid={`gone-${row.product_id}`}>
                  <GoneCell row={row} count={count} />
                </td>
                <td className="p-3">
                  {percent(row.confidence)}
                  <span className="block text-xs text-muted-foreground">{row.analysers === 'vision' ? 'Vision model' : 'Barcode'}</span>
                </td>
                <td className="p-3">{row.qty}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
