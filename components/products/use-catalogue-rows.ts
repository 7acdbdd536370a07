'use client'

import { useCallback, useEffect, useState } from 'react'
import { fromTuple, indexRows, type CatalogueData, type IndexedRow } from '@/lib/products/catalogue'

/** GET /api/products: the same catalogue() read as the page's, for this owner's shop (RLS). */
async function readCatalogue(signal: AbortSignal): Promise<IndexedRow[]> {
  const response = await fetch('/api/products', { signal, cache: 'no-store' })
  if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`)
  const data = (await response.json()) as CatalogueData
  return indexRows(data.rows.map(fromTuple))
}

/**
 * The whole catalogue, read once a view needs more than the rows the server drew (a search,
 * a filter, an order, "Show more"): the page itself never carries 5,000 rows to every phone.
 * Rows belong to the server render they were read after (`renderedAt`): a new render (a link
 * back here, a deleted product) reads them again, and until then the server's rows are drawn.
 */
export function useCatalogueRows(needed: boolean, renderedAt: number) {
  const [loaded, setLoaded] = useState<{ at: number; rows: IndexedRow[] } | null>(null)
  const [failedAt, setFailedAt] = useState<number | null>(null)
  const [attempt, setAttempt] = useState(0)
  const fresh = loaded?.at === renderedAt

  useEffect(() => {
    if (!needed || fresh) return
    const controller = new AbortController()
    readCatalogue(controller.signal).then(
      (rows) => {
        setFailedAt(null)
        setLoaded({ at: renderedAt, rows })
      },
      () => {
        if (!controller.signal.aborted) setFailedAt(renderedAt)
      },
    )
    return () => controller.abort()
  }, [needed, fresh, renderedAt, attempt])

  const retry = useCallback(() => {
    setFailedAt(null)
    setAttempt((n) => n + 1)
  }, [])
  return {
    rows: needed && fresh && loaded ? loaded.rows : null,
    failed: needed && !fresh && failedAt === renderedAt,
    retry,
  }
}
