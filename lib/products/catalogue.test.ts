import { describe, expect, it } from 'vitest'
import {
  applyView,
  categoriesOf,
  DEFAULT_VIEW,
  firstView,
  fromTuple,
  indexRows,
  normalise,
  sameView,
  stockState,
  viewFromParams,
  viewHref,
  type CatalogueRow,
  type CatalogueTuple,
} from './catalogue'

const row = (name: string, extra: Partial<CatalogueRow> = {}): CatalogueRow => ({
  id: name,
  name,
  sku: null,
  barcode: null,
  qty: 10,
  low_stock_threshold: 2,
  category: null,
  image_url: null,
  updated_at: 0,
  on_order: 0,
  ...extra,
})

// By name, as the database sends them.
const rows = indexRows([
  row('Crème Brûlée', { sku: 'DES-01', qty: 2, updated_at: 30, category: 'Desserts' }),
  row('Espresso', { sku: 'COF-ESP', barcode: '5000111', qty: 0, updated_at: 10, category: 'Coffee' }),
  row('Oat Milk', { sku: 'MLK-OAT', qty: 7, updated_at: 20 }),
])
const names = (list: CatalogueRow[]) => list.map((r) => r.name)

describe('normalise', () => {
  it('drops case and accents', () => {
    expect(normalise('Crème BRÛLÉE Ñandú')).toBe('creme brulee nandu')
  })
})

describe('applyView', () => {
  it('matches name, SKU and barcode, ignoring case and accents', () => {
    expect(names(applyView(rows, { ...DEFAULT_VIEW, q: 'creme' }))).toEqual(['Crème Brûlée'])
    expect(names(applyView(rows, { ...DEFAULT_VIEW, q: 'BRÛL' }))).toEqual(['Crème Brûlée'])
    expect(names(applyView(rows, { ...DEFAULT_VIEW, q: 'cof-esp' }))).toEqual(['Espresso'])
    expect(names(applyView(rows, { ...DEFAULT_VIEW, q: '0111' }))).toEqual(['Espresso'])
    expect(names(applyView(rows, { ...DEFAULT_VIEW, q: '  milk ' }))).toEqual(['Oat Milk'])
    expect(applyView(rows, { ...DEFAULT_VIEW, q: 'tea' })).toEqual([])
  })

  it('does not match across fields', () => {
    expect(applyView(rows, { ...DEFAULT_VIEW, q: 'milkmlk' })).toEqual([])
  })

  it('filters low (at or below the threshold, including out) and out of stock', () => {
    expect(names(applyView(rows, { ...DEFAULT_VIEW, stock: 'low' }))).toEqual(['Crème Brûlée', 'Espresso'])
    expect(names(applyView(rows, { ...DEFAULT_VIEW, stock: 'out' }))).toEqual(['Espresso'])
  })

  it('filters by category', () => {
    expect(names(applyView(rows, { ...DEFAULT_VIEW, category: 'Coffee' }))).toEqual(['Espresso'])
  })

  it('sorts by name, stock (lowest first) or last change (newest first)', () => {
    expect(names(applyView(rows, DEFAULT_VIEW))).toEqual(['Crème Brûlée', 'Espresso', 'Oat Milk'])
    expect(names(applyView(rows, { ...DEFAULT_VIEW, sort: 'stock' }))).toEqual(['Espresso', 'Crème Brûlée', 'Oat Milk'])
    expect(names(applyView(rows, { ...DEFAULT_VIEW, sort: 'changed' }))).toEqual(['Crème Brûlée', 'Oat Milk', 'Espresso'])
  })

  it('keeps name order between equal stock', () => {
    const tied = indexRows([row('A', { qty: 1 }), row('B', { qty: 0 }), row('C', { qty: 1 })])
    expect(names(applyView(tied, { ...DEFAULT_VIEW, sort: 'stock' }))).toEqual(['B', 'A', 'C'])
  })

  it('leaves the given list alone', () => {
    applyView(rows, { ...DEFAULT_VIEW, sort: 'stock' })
    expect(names(rows)).toEqual(['Crème Brûlée', 'Espresso', 'Oat Milk'])
  })
})

describe('the view in the URL', () => {
  it('round-trips and leaves defaults out', () => {
    const view = { q: 'milk & tea', stock: 'low', category: 'Coffee', sort: 'changed' } as const
    const href = viewHref('/app/products', view)
    expect(viewFromParams(new URL(href, 'http://x').searchParams)).toEqual(view)
    expect(viewHref('/app/products', DEFAULT_VIEW)).toBe('/app/products')
  })

  it('falls back to the defaults for unknown values and drops control characters', () => {
    expect(viewFromParams(new URLSearchParams('stock=lots&sort=price&q=%00milk'))).toEqual({ ...DEFAULT_VIEW, q: 'milk' })
  })
})

describe('rows', () => {
  it('reads the compact tuple', () => {
    expect(fromTuple(['id1', 'Tea', 'T1', null, 3, 1, 'Drinks', null, 42, 12])).toEqual(
      row('Tea', { id: 'id1', sku: 'T1', qty: 3, low_stock_threshold: 1, category: 'Drinks', updated_at: 42, on_order: 12 }),
    )
  })

  it('tells out, low and normal stock apart', () => {
    expect([0, 2, 3].map((qty) => stockState({ qty, low_stock_threshold: 2 }))).toEqual(['out', 'low', 'ok'])
  })

  it('lists the categories in use', () => {
    expect(categoriesOf(rows)).toEqual(['Coffee', 'Desserts'])
  })
})

describe('the first view, worked out on the server', () => {
  const tuple = (r: CatalogueRow): CatalogueTuple => [r.id, r.name, r.sku, r.barcode, r.qty, r.low_stock_threshold, r.category, r.image_url, r.updated_at, r.on_order]
  const tuples = rows.map(tuple)

  it.each([
    ['the whole list', DEFAULT_VIEW],
    ['a search, ignoring case and accents', { ...DEFAULT_VIEW, q: 'CREME' }],
    ['low stock by stock', { ...DEFAULT_VIEW, stock: 'low', sort: 'stock' }],
    ['a category', { ...DEFAULT_VIEW, category: 'Coffee' }],
  ] as const)('draws the rows and the count the phone would for %s', (_, view) => {
    const onPhone = applyView(rows, view)
    const first = firstView(tuples, view, 2)
    expect(first.rows).toEqual(onPhone.slice(0, 2).map(({ key, ...rest }) => rest))
    expect(first.matches).toBe(onPhone.length)
    expect(first.size).toBe(3)
    expect(first.categories).toEqual(['Coffee', 'Desserts'])
  })

  it('tells views apart field by field', () => {
    expect(sameView(DEFAULT_VIEW, { ...DEFAULT_VIEW })).toBe(true)
    expect(sameView(DEFAULT_VIEW, { ...DEFAULT_VIEW, q: 'tea' })).toBe(false)
    expect(sameView(DEFAULT_VIEW, { ...DEFAULT_VIEW, sort: 'stock' })).toBe(false)
  })
})

