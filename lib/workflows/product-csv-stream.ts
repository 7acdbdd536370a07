import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { exportHeader, exportLine } from '@/lib/csv/product-export'
import { listUnitCosts } from '@/lib/data/product-costs'
import { listProductsForExport } from '@/lib/data/products'

const BATCH = 1000

/** A shop's catalogue as CSV, streamed a batch at a time (the export, and the Sheets stock feed without a BOM). */
export function productCsvStream(supabase: SupabaseClient, shop: { id: string; currency: string }, { bom = true } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let from = 0
  let costs: Promise<Map<string, number>> | null = null
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(exportHeader({ bom })))
    },
    async pull(controller) {
      costs ??= listUnitCosts(supabase, shop.id)
      const rows = await listProductsForExport(supabase, shop.id, from, from + BATCH - 1, await costs)
      if (rows.length) controller.enqueue(encoder.encode(rows.map((row) => exportLine(row, shop.currency)).join('')))
      from += BATCH
      if (rows.length < BATCH) controller.close()
    },
  })
}
