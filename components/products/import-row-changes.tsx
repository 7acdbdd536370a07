import type { PlannedRow } from '@/lib/csv/import-plan'
import type { ImportColumn } from '@/lib/csv/product-import'
import { Badge } from '@/components/ui/badge'

const COLUMN_LABELS: Record<ImportColumn, string> = {
  name: 'Name',
  sku: 'SKU',
  barcode: 'Barcode',
  qty: 'Stock',
  low_stock_threshold: 'Low-stock alert level',
  target_qty: 'Target level',
  unit_cost: 'Cost',
  unit_price: 'Price',
}

const empty = (value: string) => value || <span className="text-muted-foreground italic">empty</span>

/** One row of the file: what it changes (old → new) and what its blank cells keep. */
export function ImportRowChanges({ row }: { row: PlannedRow }) {
  const isNew = row.productId === null
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`import-line-${row.line}`} className="font-medium break-words">
          <span className="text-muted-foreground tabular-nums">Line {row.line}: </span>
          {row.name}
          {row.sku && <span className="text-muted-foreground"> ({row.sku})</span>}
        </h4>
        <Badge variant={isNew ? 'success' : 'secondary'}>{isNew ? 'New' : 'Updated'}</Badge>
      </div>
      <dl className="grid grid-cols-[minmax(0,auto)_1fr] gap-x-3 gap-y-1 text-sm">
        {row.changes.map((change) => (
          <div key={change.column} className="contents">
            <dt className="text-muted-foreground">{COLUMN_LABELS[change.column]}</dt>
            <dd className="break-words whitespace-pre-wrap">
              {change.old !== null && (
                <>
                  <del className="text-muted-foreground">{empty(change.old)}</del>
                  <span aria-hidden="true"> → </span>
                </>
              )}
              <ins className="font-medium no-underline">{change.new}</ins>
            </dd>
          </div>
        ))}
        {row.kept.map((kept) => (
          <div key={kept.column} className="contents">
            <dt className="text-muted-foreground">{COLUMN_LABELS[kept.column]}</dt>
            <dd className="break-words whitespace-pre-wrap">
              {empty(kept.value)} <span className="text-muted-foreground">(kept)</span>
            </dd>
          </div>
        ))}
      </dl>
    </li>
  )
}
