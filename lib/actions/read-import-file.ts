import 'server-only'
import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { planImport, type ImportPlan } from '@/lib/csv/import-plan'
import { parseProductCsv } from '@/lib/csv/product-import'
import { listCatalogueForImport } from '@/lib/data/product-import'
import { getShopForUser } from '@/lib/data/shops'
import { runsShop } from '@/lib/shops/roles'
import { NO_SHOP_MESSAGE, RUNS_SHOP_MESSAGE } from './product-action-results'
import type { ImportPreviewSummary } from './import-state'

export type ImportFilePlan = { ok: true; plan: ImportPlan; token: string } | { ok: false; message: string }

const NOT_UTF8 = 'The file is not UTF-8 text: in your spreadsheet, save it as "CSV UTF-8"'

async function readText(file: File): Promise<string | null> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer())
  } catch {
    return null
  }
}

/** Identifies what a preview showed: the rows to write, with the values they replace, and the problems. */
function planToken(plan: ImportPlan): string {
  return createHash('sha256').update(JSON.stringify([plan.payload, plan.issues])).digest('hex')
}

/** Parses an uploaded CSV and compares it with the owner's catalogue; writes nothing. */
export async function planImportFile(supabase: SupabaseClient, file: File): Promise<ImportFilePlan> {
  const shop = await getShopForUser(supabase)
  if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
  if (!runsShop(shop.role)) return { ok: false, message: RUNS_SHOP_MESSAGE }
  const text = await readText(file)
  if (text === null) return { ok: false, message: NOT_UTF8 }
  const parsed = parseProductCsv(text)
  if (!parsed.ok) return parsed
  const plan = planImport(parsed, await listCatalogueForImport(supabase, shop.id), shop.currency)
  return { ok: true, plan, token: planToken(plan) }
}

export function previewSummary(fileName: string, { plan, token }: { plan: ImportPlan; token: string }): ImportPreviewSummary {
  const { rows, unchanged, issues, totalRows, ignoredColumns } = plan
  const newCount = rows.filter((row) => row.productId === null).length
  return { fileName, token, totalRows, newCount, changedCount: rows.length - newCount, unchanged, rows, issues, ignoredColumns }
}
