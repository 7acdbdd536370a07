// Drives the CSV import the way the page does: preview, then confirm with the preview's token.
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { importProducts } from '@/lib/actions/import-products'
import type { ImportPreviewSummary } from '@/lib/actions/import-state'
import { previewProductImport } from '@/lib/actions/preview-product-import'
import { formatMoneyInput } from '@/lib/format/money'
import type { Stack } from '@/supabase/local/stack'
import { formData, idle } from './action-test-harness'

export const csvFile = (content: string | Uint8Array, name = 'products.csv') =>
  new File([content as BlobPart], name, { type: 'text/csv' })

/** Previews the file, then confirms exactly that preview. */
export async function importShown(file: File): Promise<{ preview: ImportPreviewSummary; result: { ok: boolean; message?: string } }> {
  const shown = await previewProductImport(idle, formData({ file }))
  expect(shown.ok, shown.message).toBe(true)
  const preview = shown.preview!
  const { ok, message } = await importProducts(idle, formData({ file, token: preview.token, request_id: randomUUID() }))
  return { preview, result: { ok, message } }
}

/**
 * Every cell of the preview that differs from the stored product: `new` for a change,
 * the shown value for a kept blank. [] means the preview is what got stored.
 */
export async function storedAsShown(stack: Stack, shopId: string, preview: ImportPreviewSummary, currency = 'GBP') {
  const mismatches: string[] = []
  for (const row of preview.rows) {
    const { rows } = await stack.db.query<Record<string, unknown>>(
      'select * from products where shop_id = $1 and (id = $2 or ($2 is null and sku = $3))',
      [shopId, row.productId, row.sku],
    )
    const stored = rows[0]
    if (!stored) {
      mismatches.push(`line ${row.line}: not stored`)
      continue
    }
    const cell = (column: string) => {
      const value = stored[column]
      if (value === null) return ''
      return column === 'unit_cost' || column === 'unit_price' ? formatMoneyInput(String(value), currency) : String(value)
    }
    for (const change of row.changes) {
      if (cell(change.column) !== change.new) mismatches.push(`line ${row.line} ${change.column}: shown ${change.new}, stored ${cell(change.column)}`)
    }
    for (const kept of row.kept) {
      if (cell(kept.column) !== kept.value) mismatches.push(`line ${row.line} ${kept.column}: kept ${kept.value}, stored ${cell(kept.column)}`)
    }
  }
  return mismatches
}
