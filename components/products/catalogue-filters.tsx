import { SORTS, STOCK_FILTERS, type CatalogueView } from '@/lib/products/catalogue'
import { cn } from '@/lib/utils'

interface CatalogueFiltersProps {
  view: CatalogueView
  categories: string[]
  onChange: (change: Partial<CatalogueView>) => void
}

const selectClass = 'min-h-11 max-w-full rounded-md border border-input bg-background px-2 text-sm'

/**
 * Stock filter chips and the category (when the shop uses any); each lives in the URL. One line on a
 * Pixel 7 (the category takes what the chips leave, at least "All categories"); a narrower phone
 * puts the category on a line of its own rather than past the screen's edge.
 */
export function CatalogueFilters({ view, categories, onChange }: CatalogueFiltersProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Stock" className="flex shrink-0 gap-1">
        {STOCK_FILTERS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={view.stock === value}
            onClick={() => onChange({ stock: value })}
            className={cn(
              'min-h-11 rounded-full border px-3 text-sm font-medium whitespace-nowrap',
              view.stock === value ? 'border-primary bg-primary text-primary-foreground' : 'bg-background',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {categories.length > 0 && (
        <select aria-label="Category" value={view.category} onChange={(e) => onChange({ category: e.target.value })} className={cn(selectClass, 'min-w-0 grow basis-32 sm:grow-0 sm:basis-auto')}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      )}
    </div>
  )
}

/** The list's order, beside the search box: in the URL too. A phone gives it a fixed width, so the search keeps its placeholder whole. */
export function CatalogueSort({ view, onChange }: Pick<CatalogueFiltersProps, 'view' | 'onChange'>) {
  return (
    <select aria-label="Sort by" value={view.sort} onChange={(e) => onChange({ sort: e.target.value as CatalogueView['sort'] })} className={cn(selectClass, 'w-33 shrink-0 sm:w-auto')}>
      {SORTS.map(({ value, label }) => (
        <option key={value} value={value}>
          Sort: {label}
        </option>
      ))}
    </select>
  )
}
