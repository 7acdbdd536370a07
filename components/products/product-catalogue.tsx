'use client'

import { useEffect, useMemo, useRef, useState } from 'react'
import { PackageOpen, SearchX } from 'lucide-react'
import {
  applyView,
  categoriesOf,
  fromTuple,
  indexRows,
  ROWS_PER_STEP,
  sameView,
  viewFromParams,
  viewHref,
  type CatalogueTuple,
  type CatalogueView,
  type FirstView,
} from '@/lib/products/catalogue'
import { Button } from '@/components/ui/button'
import { useStockTaps } from '@/components/stock/use-stock-taps'
import { AddProductButton } from './add-product-button'
import { CatalogueFilters } from './catalogue-filters'
import { ProductRow } from './product-row'
import { ProductSearch } from './product-search'

const PATH = '/app/products'
/** The URL follows the typing once it pauses: the router's work stays out of each keystroke. */
const URL_DELAY_MS = 250

interface ProductCatalogueProps {
  /** the catalogue() rows as JSON text: one string is the cheapest thing to send to the phone */
  rows: string
  /** the server's render of initialView: drawn until the owner changes the view or the stock */
  first: FirstView
  initialView: CatalogueView
  /** when the server read the rows: a new render (a link here, a refresh) resets the view */
  renderedAt: number
}

// Back to this page from another: the view is the URL's, which the server render in the cache may predate.
const viewNow = (fallback: CatalogueView) =>
  typeof window === 'undefined' ? fallback : viewFromParams(new URLSearchParams(window.location.search))

/** The whole catalogue on the phone: search, filters and order apply as the owner types or taps. */
export function ProductCatalogue({ rows: rowsJson, first, initialView, renderedAt }: ProductCatalogueProps) {
  const taps = useStockTaps()
  const [view, setView] = useState(() => viewNow(initialView))
  const [shown, setShown] = useState(ROWS_PER_STEP)
  // The whole catalogue is read on the phone only once it is needed (the search box has the focus,
  // the view or a number changed): hydrating the page never parses 5,000 rows.
  const [wanted, setWanted] = useState(false)
  const { stored } = taps.snapshot
  const needed = wanted || stored.size > 0 || shown !== ROWS_PER_STEP || !sameView(view, initialView)
  const loaded = useMemo(
    () => (needed ? indexRows((JSON.parse(rowsJson) as CatalogueTuple[]).map(fromTuple)) : null),
    [needed, rowsJson],
  )
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
  useEffect(() => reset(), [rowsJson, reset])

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
        <p className="text-muted-foreground">Add the products you sell to start tracking their stock.</p>
        <AddProductButton label="Add Your First Product" />
      </div>
    )
  }

  const query = view.q.trim()
  const filtered = view.stock !== 'all' || view.category !== ''
  return (
    <div className="grid gap-3">
      <ProductSearch value={view.q} onChange={(q) => change({ q })} onFocus={() => setWanted(true)} />
      <CatalogueFilters view={view} categories={categories} onChange={change} />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {matchCount} {matchCount === 1 ? 'product' : 'products'}
        {query ? ` matching "${query}"` : ''}
      </p>
      {matchCount === 0 ? (
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
        <ul aria-label="Products" className="divide-y">
          {shownRows.map((product) => (
            <ProductRow key={product.id} product={product} taps={taps} />
          ))}
        </ul>
      )}
      {matchCount > shown && (
        <Button variant="outline" onClick={() => setShown(shown + ROWS_PER_STEP)}>
          Show more ({(matchCount - shown).toLocaleString('en-GB')} left)
        </Button>
      )}
    </div>
  )
}
