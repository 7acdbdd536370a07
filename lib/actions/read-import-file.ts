import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { buildImportPreview, type ImportPreview } from '@/lib/csv/product-import'
import { listBarcodeOwners } from '@/lib/data/products'
import { getShopForUser } from '@/lib/data/shops'
import { NO_SHOP_MESSAGE } from './product-action-results'

/** Parses and checks an uploaded CSV against the owner's shop; writes nothing. */
export async function readImportFile(supabase: SupabaseClient, userId: string, file: File): Promise<ImportPreview> {
  const shop = await getShopForUser(supabase, userId)
  if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
  const text = await file.text()
  return buildImportPreview(text, await listBarcodeOwners(supabase, shop.id))
}
