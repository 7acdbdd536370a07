import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { getLowStock, lowStockLines } from '@/lib/data/reorder'
import { getShopReport } from '@/lib/data/reports'
import type { LowStockLine } from '@/lib/delivery/low-stock-line'
import type { ShopReport } from '@/lib/reports/report'

export interface ShopDay {
  report: ShopReport
  /** what is low now, most urgent first, with what is on order and what the reorder page would order */
  lowStock: LowStockLine[]
}

/** What a delivery says about a shop's day: its /reports day report and the low-stock list, read with the service role. */
export async function loadShopDay(admin: SupabaseClient, shopId: string, day: string): Promise<ShopDay | null> {
  const [result, low] = await Promise.all([
    getShopReport(admin, { range: 'custom', from: day, to: day }, shopId),
    getLowStock(admin, undefined, shopId),
  ])
  if (!result?.ok) return null
  return { report: result.report, lowStock: lowStockLines(low.items) }
}

/** One load per shop and day, however many recipients share it. */
export function shopDayCache(admin: SupabaseClient) {
  const days = new Map<string, Promise<ShopDay | null>>()
  return (shopId: string, day: string) => {
    const key = `${shopId}/${day}`
    let found = days.get(key)
    if (!found) {
      found = loadShopDay(admin, shopId, day)
      days.set(key, found)
    }
    return found
  }
}
