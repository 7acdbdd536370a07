'use client'

import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { usePathname } from 'next/navigation'
import { counterOutbox } from '@/components/stock/counter-outbox'
import { useBrowserOnline } from '@/lib/hooks/use-browser-online'
import { keepOnlyUser } from '@/lib/offline/catalogue-copy'
import type { StockTaps } from '@/lib/products/stock-taps'

/** What a page shows while offline, and when it was read: "your catalogue", 10:42. */
export interface OfflineNotice {
  what: string
  at: number
}

interface OfflineState {
  userId: string | null
  /** the signed-in user's outbox (null on the server and when signed out) */
  taps: StockTaps | null
  online: boolean
  /** what the page on screen shows offline: its own words, or when it was loaded */
  notice: OfflineNotice
  setNotice: (notice: OfflineNotice | null) => void
}

const OfflineContext = createContext<OfflineState>({ userId: null, taps: null, online: true, notice: { what: 'this page', at: 0 }, setNotice: () => {} })

export const useOffline = () => useContext(OfflineContext)

interface OfflineProviderProps {
  userId: string | null
  /** when the server rendered the page this document was loaded with */
  renderedAt: number
  children: ReactNode
}

/** The signed-in user's outbox for every page, the connection, and what the page on screen shows offline. */
export function OfflineProvider({ userId, renderedAt, children }: OfflineProviderProps) {
  const taps = useMemo(() => (typeof window === 'undefined' || !userId ? null : counterOutbox(userId)), [userId])
  const online = useBrowserOnline()
  useEffect(() => taps?.setOnline(online), [taps, online])
  // Another user's catalogue and pages leave the device; signed out, everyone's do.
  useEffect(() => void keepOnlyUser(userId).catch(() => {}), [userId])

  // Leaving the page sends what is being tapped at once (it is kept on the device either way).
  useEffect(() => {
    if (!taps) return
    const flush = () => taps.flush()
    window.addEventListener('pagehide', flush)
    return () => window.removeEventListener('pagehide', flush)
  }, [taps])

  // A page reached by a link while online was read just now; one loaded from the device, when the server rendered it.
  const pathname = usePathname()
  const [loadedAt, setLoadedAt] = useState(renderedAt)
  const firstPath = useRef(pathname)
  useEffect(() => {
    if (pathname === firstPath.current) return
    firstPath.current = pathname
    // once per navigation: the layout stays mounted, so its render time is the first page's only
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (navigator.onLine) setLoadedAt(Date.now())
  }, [pathname])

  const [pageNotice, setNotice] = useState<OfflineNotice | null>(null)
  const notice = useMemo(() => pageNotice ?? { what: 'this page', at: loadedAt }, [pageNotice, loadedAt])
  const value = useMemo(() => ({ userId, taps, online, notice, setNotice }), [userId, taps, online, notice])
  return <OfflineContext.Provider value={value}>{children}</OfflineContext.Provider>
}
