'use client'

import { useEffect, useState } from 'react'
import { liveHeld, liveHolds } from './live-registry'
import { liveReader } from './live-reader'
import type { LiveTable } from './live-tables'
import { useLiveChanges } from './use-live-changes'

interface LiveReadOptions<T> {
  /** what the server rendered: a new render (router.refresh, the page's own actions) replaces what was read */
  initial: T
  /** reads it again (a small server action); undefined: it could not be, what is shown stays */
  read: () => Promise<T | undefined>
  tables: readonly LiveTable[]
  shopId: string
  /** false: not kept up to date */
  enabled?: boolean
}

/**
 * Part of a server-rendered page kept up to date without rendering the page again: each change of
 * the shop's `tables` heard (useLiveChanges) reads it through `read` and shows the answer; a burst
 * of changes makes one more read after the current one (liveReader).
 */
export function useLiveRead<T>({ initial, read, tables, shopId, enabled = true }: LiveReadOptions<T>): T {
  const [shown, setShown] = useState({ from: initial, value: initial })
  if (shown.from !== initial) setShown({ from: initial, value: initial })
  const [reader] = useState(() => liveReader<T>((value) => setShown((current) => ({ ...current, value })), liveHeld))
  useEffect(() => liveHolds.subscribe(reader.holdsMoved), [reader])
  useLiveChanges({ tables, shopId, refresh: () => void reader.read(read), enabled })
  return shown.value
}
