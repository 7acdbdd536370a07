import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { toImportPayload, type ImportRow } from '@/lib/csv/product-import'

export interface ImportCounts {
  created: number
  updated: number
  adjusted: number
}

export type ImportResult = { ok: true; counts: ImportCounts } | { ok: false; message: string }

/** Every row in one transaction: all of them are written, or none. */
export async function importProducts(
  supabase: SupabaseClient,
  rows: ImportRow[],
  requestId: string,
): Promise<ImportResult> {
  const { data, error } = await supabase.rpc('import_products', {
    p_rows: rows.map(toImportPayload),
    p_request_id: requestId,
  })
  if (error?.code === '23505') {
    return { ok: false, message: 'Another product already uses one of these barcodes: nothing was imported' }
  }
  if (error?.code === '22023' || error?.code === 'P0002') return { ok: false, message: error.message }
  if (error) throw new Error(error.message)
  return { ok: true, counts: data as ImportCounts }
}
