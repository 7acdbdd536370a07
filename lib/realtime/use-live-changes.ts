'use client'

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { useBrowserOnline } from '@/lib/hooks/use-browser-online'
import { newRequestId } from '@/lib/request-id'
import { CONNECT_GRACE_MS, initialConnection, onChannelEvent, type ChannelEvent, type LiveStatus } from './live-connection'
import { liveHeld, liveHolds, liveStatuses } from './live-registry'
import type { LiveTable } from './live-tables'

export type LiveChange = RealtimePostgresChangesPayload<Record<string, unknown>>

/** Changes that come together (a sale: its movement and its product) make one read. */
const GATHER_MS = 50
/** While paused, the page is read this often, unless it keeps its own time (fallbackMs: null). */
export const FALLBACK_MS = 60_000
/** A channel the server closed (its token refused) is opened again after this. */
const REOPEN_MS = 5_000

interface LiveOptions {
  tables: readonly LiveTable[]
  /** the shop whose rows to hear; null: the one the database works in for this user, as the page's data */
  shopId: string | null
  /** reads the page again, through its own data path */
  refresh: () => void
  /** each change heard; false: nothing to read (the page took it in itself). Default: read. */
  onChange?: (change: LiveChange) => boolean
  /** while true (or while part of the page holds: useHoldLiveUpdates, or offline), reads wait */
  hold?: boolean
  fallbackMs?: number | null
  /** false: hears nothing (a stocktake already closed) */
  enabled?: boolean
}

async function currentShop(client: SupabaseClient): Promise<string | null> {
  const { data, error } = await client.rpc('current_shop_id')
  if (error) throw error
  return typeof data === 'string' ? data : null
}

/**
 * Hears the shop's changes to `tables` through supabase-js's realtime client (Supabase Realtime
 * postgres_changes; RLS decides which rows come) and reads the page again soon after each, unless
 * held. When the socket drops the page's status says so (LiveNotice) and, if it keeps no time of
 * its own, the page is read every minute; once the channel joins again it is read once to catch up.
 */
export function useLiveChanges({ tables, shopId, refresh, onChange, hold = false, fallbackMs = FALLBACK_MS, enabled = true }: LiveOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting')
  // Trap: offline, router.refresh's fetch fails and Next falls back to loading the whole page
  const online = useBrowserOnline()
  const held = useSyncExternalStore(liveHolds.subscribe, liveHeld, () => false) || hold || !online
  const latest = useRef({ refresh, onChange, held })
  useEffect(() => {
    latest.current = { refresh, onChange, held }
  })

  const due = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const readSoon = useCallback(() => {
    due.current = true
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (!due.current || latest.current.held) return
      due.current = false
      latest.current.refresh()
    }, GATHER_MS)
  }, [])
  // what was heard while held is read once released
  useEffect(() => {
    if (!held && due.current) readSoon()
  }, [held, readSoon])
  useEffect(() => () => clearTimeout(timer.current), [])

  const connection = useRef(initialConnection())
  const [opening, setOpening] = useState(0)
  const key = tables.join(',')
  useEffect(() => {
    if (!enabled) return
    const id = Symbol(key)
    let stopped = false
    let client: SupabaseClient | null = null
    let channel: RealtimeChannel | null = null
    let reopen: ReturnType<typeof setTimeout> | undefined
    const report = (event: ChannelEvent) => {
      if (stopped) return
      const next = onChannelEvent(connection.current, event)
      connection.current = next.state
      setStatus(next.state.status)
      liveStatuses.set(id, next.state.status)
      if (next.catchUp) readSoon()
      // realtime-js rejoins a channel after an error, but not one the server closed
      if (event === 'CLOSED') reopen = setTimeout(() => setOpening((n) => n + 1), REOPEN_MS)
    }
    liveStatuses.set(id, connection.current.status)
    const grace = setTimeout(() => report('GAVE_UP'), CONNECT_GRACE_MS)
    const open = async () => {
      const { createClient } = await import('@/lib/supabase/client')
      client = createClient()
      const shop = shopId ?? (await currentShop(client))
      // Trap: supabase-js hands realtime a new token on sign-in and refresh, not after a second
      // factor (aal2); without this, RLS would judge the changes by the password-only token.
      await client.realtime.setAuth()
      if (stopped) return
      channel = client.channel(`live:${key}:${newRequestId()}`, { config: { postgres_changes_options: { wait: true } } })
      for (const table of key.split(',')) {
        const binding = { event: '*' as const, schema: 'public', table, ...(shop ? { filter: `shop_id=eq.${shop}` } : {}) }
        channel.on('postgres_changes', binding, (change: LiveChange) => {
          if (latest.current.onChange?.(change) ?? true) readSoon()
        })
      }
      channel.subscribe((event) => report(event))
    }
    open().catch(() => report('CLOSED'))
    return () => {
      stopped = true
      clearTimeout(grace)
      clearTimeout(reopen)
      liveStatuses.set(id, null)
      if (client && channel) void client.removeChannel(channel)
    }
  }, [key, shopId, opening, readSoon, enabled])

  useEffect(() => {
    if (!enabled || status !== 'paused' || fallbackMs === null) return
    const every = window.setInterval(readSoon, fallbackMs)
    return () => window.clearInterval(every)
  }, [enabled, status, fallbackMs, readSoon])

  return status
}

/** Holds the page's live reads while `hold` (a count being typed, photos on their way): they run once it is released. */
export function useHoldLiveUpdates(hold: boolean): void {
  useEffect(() => {
    if (!hold) return
    const id = Symbol('hold')
    liveHolds.set(id, true)
    return () => liveHolds.set(id, null)
  }, [hold])
}
