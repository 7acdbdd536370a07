'use client'

import { useCallback, useEffect, useState } from 'react'
import { loadDashboard, type LoadDashboardResult } from '@/lib/actions/load-dashboard'
import type { DashboardSummary } from '@/lib/dashboard/summary'
import { DASHBOARD_TABLES } from '@/lib/realtime/live-tables'
import { serialRuns } from '@/lib/realtime/serial-runs'
import { useLiveChanges } from '@/lib/realtime/use-live-changes'
import { useStockChanged } from '@/lib/stock-events'

export const REFRESH_INTERVAL_MS = 60_000

export type DashboardState =
  | { status: 'loading' }
  /** `stale`: the last refresh failed, the figures shown are from before it */
  | { status: 'ready'; data: DashboardSummary; stale: boolean }
  | { status: 'error'; message: string; noShop: boolean }

const OFFLINE: LoadDashboardResult = { ok: false, message: 'The dashboard could not be loaded: check your connection' }

function initialState(initial: LoadDashboardResult): DashboardState {
  if (initial.ok) return { status: 'ready', data: initial.data, stale: false }
  return { status: 'error', message: initial.message, noShop: initial.noShop ?? false }
}

/**
 * The dashboard's figures: first the server's (rendered with the page, so nothing
 * shifts or waits for a fetch after mount), then fetched again when the page comes
 * back into view, when another page announces a stock change, when any device of the shop
 * changes its stock or stocktake (Realtime), and every minute while visible.
 */
export function useDashboard(initial: LoadDashboardResult) {
  const [state, setState] = useState<DashboardState>(() => initialState(initial))
  // calls during a fetch fold into one more fetch after it
  const [refresh] = useState(() =>
    serialRuns(async () => {
      const result = await loadDashboard().catch(() => OFFLINE)
      setState((previous) => {
        if (result.ok) return { status: 'ready', data: result.data, stale: false }
        if (previous.status === 'ready' && !result.noShop) return { ...previous, stale: true }
        return { status: 'error', message: result.message, noShop: result.noShop ?? false }
      })
    }),
  )

  const retry = useCallback(() => {
    setState({ status: 'loading' })
    void refresh()
  }, [refresh])

  useEffect(() => {
    const whenVisible = () => {
      if (document.visibilityState === 'visible') void refresh()
    }
    window.addEventListener('focus', whenVisible)
    document.addEventListener('visibilitychange', whenVisible)
    const timer = window.setInterval(whenVisible, REFRESH_INTERVAL_MS)
    return () => {
      window.removeEventListener('focus', whenVisible)
      document.removeEventListener('visibilitychange', whenVisible)
      window.clearInterval(timer)
    }
  }, [refresh])

  useStockChanged(() => void refresh())
  // the shop's changes on every device; paused, the minute's refresh above stands in
  useLiveChanges({ tables: DASHBOARD_TABLES, shopId: null, refresh: () => void refresh(), fallbackMs: null })

  return { state, retry }
}
