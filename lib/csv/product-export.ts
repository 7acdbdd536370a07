import type { ExportProduct } from '@/lib/data/products'
import { formatMoneyInput } from '@/lib/format/money'
import { IMPORT_COLUMNS } from './product-import'
import { csvLine, UTF8_BOM } from './write-csv'

/**
 * The header line: the same columns the import reads, so an export can be edited and imported back.
 * `bom: false` for Google Sheets' IMPORTDATA, which shows a BOM as text.
 */
export const exportHeader = ({ bom = true } = {}) => (bom ? UTF8_BOM : '') + csvLine(IMPORT_COLUMNS)

/** One product; amounts in the currency's minor units (0.40, not 0.4). */
export function exportLine(product: ExportProduct, currency: string): string {
  return csvLine(
    IMPORT_COLUMNS.map((column) =>
      column === 'unit_cost' || column === 'unit_price' ? formatMoneyInput(product[column], currency) : product[column],
    ),
  )
}

/** shelfsnap-products-YYYY-MM-DD.csv, dated in the shop's time zone. */
export function exportFileName(now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  return `shelfsnap-products-${day}.csv`
}
