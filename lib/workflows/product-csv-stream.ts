import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { exportHeader, exportLine } from '@/lib/csv/product-export'
import { listProductsForExport } from '@/lib/data/products'

const BATCH = 1000

/** A shop's catalogue as CSV, streamed a batch at a time (the export, and the Sheets stock feed without a BOM). */
export function productCsvStream(supabase: SupabaseClient, shop: { id: string; currency: string }, { bom = true } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let from = 0
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(exportHeader({ bom })))
    },
    async pull(controller) {
      const rows = await listProductsForExport(supabase, shop.id, from, from + BATCH - 1)
      if (rows.length) controller.enqueue(encoder.encode(rows.map((row) => exportLine(row, shop.currency)).join('')))
      from += BATCH
      if (rows.length < BATCH) controller.close()
    },
  })
}
