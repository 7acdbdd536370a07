'use client'

import { useRouter } from 'next/navigation'
import type { LiveTable } from '@/lib/realtime/live-tables'
import { useLiveChanges } from '@/lib/realtime/use-live-changes'

/** A server-rendered page kept up to date: each change heard to `tables` of the shop reads the page again (router.refresh). */
export function LiveRefresh({ tables, shopId }: { tables: readonly LiveTable[]; shopId: string }) {
  const router = useRouter()
  useLiveChanges({ tables, shopId, refresh: () => router.refresh() })
  return null
}
