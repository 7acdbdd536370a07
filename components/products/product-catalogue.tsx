'use client'

import { useEffect, useMemo, useRef, useState } from 'react'
import dynamic from 'next/dynamic'
import { useSearchParams } from 'next/navigation'
import { PackageOpen, ScanBarcode, SearchX } from 'lucide-react'
import {
  applyView,
  categoriesOf,
  DEFAULT_VIEW,
  ROWS_PER_STEP,
  sameView,
  viewFromParams,
  viewHref,
  type CatalogueView,
  type FirstView,
} from '@/lib/products/catalogue'
import { formatCount } from '@/lib/format/count'
import { Button } from '@/components/ui/button'
import { readyBeep } from '@/components/scan/beep'
import { useOffline } from '@/components/offline/offline-provider'
import { useStockTaps } from '@/components/stock/use-stock-taps'
import { AddProductButton } from './add-product-button'
import { CatalogueFilters, CatalogueSort } from './catalogue-filters'
import { ProductRow } from './product-row'
import { ProductSearch } from './product-search'
import { useCatalogueRows } from './use-catalogue-rows'

const PATH = '/app/products'
// The camera and the barcode reader load when the owner opens the scanner, not with the list.
const CounterScan = dynamic(() => import('@/components/scan/counter-scan').then((module) => module.CounterScan), { ssr: false })
/** The URL follows the typing once it pauses: the router's work stays out of each keystroke. */
const URL_DELAY_MS = 250

interface ProductCatalogueProps {
  /** the server's render of initialView: drawn until the owner changes the view or the stock */
  first: FirstView
  initialView: CatalogueView
  /** when the server read the rows: a new render (a link here, a refresh) resets the view and the numbers */
  renderedAt: number
  /** the owner and managers add products; staff only sell and count them */
  canAdd: boolean
}


/** The whole catalogue on the phone: search, filters and order apply as the owner types or taps. */
export function ProductCatalogue({ first, initialView, renderedAt, canAdd }: ProductCatalogueProps) {
  const taps = useStockTaps()
  // The view is the URL's: Back to this page, the server render in the router's cache may predate it.
  // The URL being drawn, not window.location, which a link from another page changes only after it.
  const params = useSearchParams()
  const [view, setView] = useState(() => viewFromParams(new URLSearchParams(params.toString())))
  const [shown, setShown] = useState(ROWS_PER_STEP)
  // The whole catalogue is read only once it is needed: the owner reaches for the search or the
  // filters, or the view, or a number in a filtered view, changed. Until then the server's rows are drawn.
  const [wanted, setWanted] = useState(false)
  const [scanning, setScanning] = useState(false)
  const { stored } = taps.snapshot
  const needed =
    wanted ||
    scanning || shown !== ROWS_PER_STEP || !sameView(view, initialView) || (stored.size > 0 && !sameView(view, DEFAULT_VIEW))
  const { userId, online, setNotice } = useOffline()
  const catalogue = useCatalogueRows(needed, renderedAt, userId, online)
  const loaded = catalogue.rows
  // Offline, the banner says from when the rows on screen are.
  const { keptAt } = catalogue
  useEffect(() => {
    setNotice({ what: 'your catalogue', at: keptAt ?? renderedAt })
    return () => setNotice(null)
  }, [keptAt, renderedAt, setNotice])
  const categories = useMemo(() => (loaded ? categoriesOf(loaded) : first.categories), [loaded, first.categories])
  // A new render from the server (a link to this page, a deleted product): its view and numbers win.
  const urlTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(urlTimer.current), [])
  const [rendered, setRendered] = useState(renderedAt)
  if (rendered !== renderedAt) {
    setRendered(renderedAt)
    setView(initialView)
  }
  const { reset } = taps
  useEffect(() => reset(), [renderedAt, reset])

  useEffect(() => {
    const fromUrl = () => setView(viewFromParams(new URLSearchParams(window.location.search)))
    window.addEventListener('popstate', fromUrl)
    return () => window.removeEventListener('popstate', fromUrl)
  }, [])

  const current = useMemo(
    () => (loaded && stored.size ? loaded.map((row) => (stored.has(row.id) ? { ...row, qty: stored.get(row.id)! } : row)) : loaded),
    [loaded, stored],
  )
  const matches = useMemo(() => (current ? applyView(current, view) : null), [current, view])
  const shownRows = matches ? matches.slice(0, shown) : first.rows
  const matchCount = matches ? matches.length : first.matches

  function change(next: Partial<CatalogueView>) {
    const updated = { ...view, ...next }
    setView(updated)
    setShown(ROWS_PER_STEP)
    // Typing replaces the entry (back does not step through letters); a filter or an order is a step of its own.
    const href = viewHref(PATH, updated)
    clearTimeout(urlTimer.current)
    if ('q' in next) urlTimer.current = setTimeout(() => window.history.replaceState(null, '', href), URL_DELAY_MS)
    else window.history.pushState(null, '', href)
  }

  if (first.size === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
        <PackageOpen aria-hidden="true" className="size-12 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No products yet</h2>
        {canAdd ? (
          <>
            <p className="text-muted-foreground">Add the products you sell to start tracking their stock.</p>
            <AddProductButton label="Add Your First Product" />
          </>
        ) : (
          <p className="text-muted-foreground">The owner or a manager adds the products the shop sells.</p>
        )}
      </div>
    )
  }

  const query = view.q.trim()
  const filtered = view.stock !== 'all' || view.category !== ''
  // The view asks for rows the server did not draw, and they are still on their way.
  const waiting = matches === null && (!sameView(view, initialView) || shown !== ROWS_PER_STEP)
  return (
    <div className="grid gap-3">
      {scanning && <CounterScan rows={current} taps={taps} onClose={() => setScanning(false)} />}
      {/* Reaching for the search or the filters starts reading the whole catalogue. */}
      <div className="grid gap-3" onPointerDownCapture={() => setWanted(true)} onFocusCapture={() => setWanted(true)}>
        {/* A phone narrower than a Pixel 7 puts the sort on a line of its own: the search keeps its whole placeholder. */}
        <div className="flex flex-wrap gap-2">
          <ProductSearch value={view.q} onChange={(q) => change({ q })} />
          <Button
            variant="outline"
            size="icon"
            className="shrink-0"
            aria-label="Scan at the counter"
            aria-expanded={scanning}
            onClick={() => {
              readyBeep()
              setScanning(!scanning)
            }}
          >
            <ScanBarcode aria-hidden="true" />
          </Button>
          <CatalogueSort view={view} onChange={change} />
        </div>
        <CatalogueFilters view={view} categories={categories} onChange={change} />
      </div>
      {catalogue.failed ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          <p>Your products could not be loaded. Check the connection and try again.</p>
          <Button variant="outline" onClick={catalogue.retry}>
            Try again
          </Button>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {waiting ? (
            'Loading your products…'
          ) : (
            <>
              {matchCount} {matchCount === 1 ? 'product' : 'products'}
              {query ? ` matching "${query}"` : ''}
            </>
          )}
        </p>
      )}
      {matchCount === 0 && !waiting ? (
        <div className="flex flex-col items-center gap-3 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-lg">{query ? `No products match "${query}"` : 'No products match these filters'}</p>
          {filtered && (
            <Button variant="outline" onClick={() => change({ stock: 'all', category: '' })}>
              Show all products
            </Button>
          )}
        </div>
      ) : (
        <ul aria-label="Products" aria-busy={waiting} className={waiting ? 'divide-y opacity-60' : 'divide-y'}>
          {shownRows.map((product) => (
            <ProductRow key={product.id} product={product} taps={taps} />
          ))}
        </ul>
      )}
      {matchCount > shown && (
        <Button variant="outline" disabled={waiting} onClick={() => setShown(shown + ROWS_PER_STEP)}>
          {waiting ? 'Loading…' : `Show more (${formatCount(matchCount - shown)} left)`}
        </Button>
      )}
    </div>
  )
}
