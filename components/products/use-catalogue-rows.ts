'use client'

import { useCallback, useEffect, useState } from 'react'
import { keepCatalogue, keptCatalogue } from '@/lib/offline/catalogue-copy'
import { fromTuple, indexRows, type CatalogueData, type IndexedRow } from '@/lib/products/catalogue'

/** GET /api/products: the same catalogue() read as the page's, for this owner's shop (RLS). */
async function readCatalogue(signal: AbortSignal): Promise<CatalogueData> {
  const response = await fetch('/api/products', { signal, cache: 'no-store' })
  if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`)
  return (await response.json()) as CatalogueData
}

const toRows = (data: CatalogueData) => indexRows(data.rows.map(fromTuple))

/** Once the page has settled, the whole catalogue is read for the device's copy, unless a view needs it sooner. */
const KEEP_DELAY_MS = 1000

/**
 * The whole catalogue, read once a view needs more than the rows the server drew (a search,
 * a filter, an order, "Show more"), and soon after the page settles, to keep a copy on the
 * device (per user, with the time it was read) for the counter offline. The page itself never
 * carries 5,000 rows to every phone. Rows belong to the server render they were read after
 * (`renderedAt`): a new render (a link back here, a deleted product) reads them again. With no
 * connection, or no answer, the device's copy stands in: `kept` says when it was read.
 */
export function useCatalogueRows(needed: boolean, renderedAt: number, userId: string | null, online: boolean) {
  const [loaded, setLoaded] = useState<{ at: number; rows: IndexedRow[] } | null>(null)
  const [kept, setKept] = useState<{ readAt: number; rows: IndexedRow[] } | null>(null)
  const [failedAt, setFailedAt] = useState<number | null>(null)
  const [attempt, setAttempt] = useState(0)
  const fresh = loaded?.at === renderedAt

  useEffect(() => {
    if (!userId) return
    let current = true
    keptCatalogue(userId).then(
      (copy) => current && copy && setKept({ readAt: copy.readAt, rows: toRows(copy.data) }),
      () => {},
    )
    return () => {
      current = false
    }
  }, [userId])

  useEffect(() => {
    if (fresh || !online) return
    const controller = new AbortController()
    const read = () =>
      readCatalogue(controller.signal).then(
        (data) => {
          const rows = toRows(data)
          setFailedAt(null)
          setLoaded({ at: renderedAt, rows })
          if (!userId) return
          const readAt = Date.now()
          setKept({ readAt, rows })
          void keepCatalogue(userId, data, readAt).catch(() => {})
        },
        () => {
          if (!controller.signal.aborted) setFailedAt(renderedAt)
        },
      )
    const timer = setTimeout(read, needed ? 0 : KEEP_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [needed, fresh, renderedAt, attempt, userId, online])

  const retry = useCallback(() => {
    setFailedAt(null)
    setAttempt((n) => n + 1)
  }, [])
  const failed = !fresh && failedAt === renderedAt
  // Offline, or the read failed: the device's copy, whatever the view.
  const fromDevice = !fresh && (!online || failed) ? kept : null
  return {
    rows: fromDevice ? fromDevice.rows : needed && fresh && loaded ? loaded.rows : null,
    failed: needed && failed && !fromDevice,
    /** when the device's copy shown was read from the server, or null when the rows are not the device's */
    keptAt: fromDevice?.readAt ?? null,
    retry,
  }
}
