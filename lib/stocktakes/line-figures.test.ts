import { describe, expect, it } from 'vitest'
import { lineFigures, movementLabel, reviewChanges, stockFigures } from './line-figures'
import type { Review, ReviewLine } from './review'

const line = (change: Partial<ReviewLine> = {}): ReviewLine => ({
  product_id: 'p1',
  name: 'Tea',
  sku: 'TEA',
  in_photos: true,
  coverage: 'shelf',
  absent: null,
  confidence: 1,
  analysers: 'barcode',
  start_proposed: 6,
  end_proposed: 4,
  qty_at_start: 9,
  start_count: 6,
  received: 0,
  sold: 0,
  other_out: 0,
  moved: 0,
  end_count: 4,
  gone: 2,
  gone_sold: 0,
  gone_other: 0,
  missing: 0,
  sold_or_missing: 2,
  refill: 0,
  opening: 0,
  gain: 0,
  qty_now: 9,
  qty_after: 7,
  clamped: false,
  movements: [{ kind: 'day', delta: -2, reason: 'gone' }],
  ...change,
})

const review = (lines: ReviewLine[]): Review => ({
  version: 'v',
  status: 'open',
  coverage: 'shelf',
  lines,
  totals: { products: lines.length, changed: 0, gone: 0, sold: 0, missing: 0, sold_or_missing: 0, refill: 0, change: 0, stock_after: 0 },
})

describe('the stock figures', () => {
  it('call the stock the review found "Stock now" while open, and "Stock before confirming" once confirmed', () => {
    expect(stockFigures(line(), false).map((f) => [f.term, f.value])).toEqual([['Stock now', '9'], ['Stock after confirming', '7']])
    expect(stockFigures(line(), true).map((f) => [f.term, f.value])).toEqual([['Stock before confirming', '9'], ['Stock after confirming', '7']])
    expect(lineFigures(line(), true).map((f) => f.term)).not.toContain('Stock now')
  })
})

describe('movementLabel', () => {
  it('names the morning’s count correction and the day’s apart', () => {
    expect(movementLabel({ kind: 'opening', delta: -4, reason: 'count_correction' })).toBe('Count correction at the morning photos')
    expect(movementLabel({ kind: 'day', delta: 2, reason: 'count_correction' })).toBe('Count correction during the day')
    expect(movementLabel({ kind: 'day', delta: -2, reason: 'gone' })).toBe('Sold or missing')
  })
})

describe('reviewChanges', () => {
  it('lists the products whose shown numbers changed, with each figure before and after', () => {
    const jam = line({ product_id: 'p2', name: 'Jam' })
    const before = review([jam, line()])
    const after = review([jam, line({ qty_now: 8, qty_after: 6 })])
    expect(reviewChanges(before, after)).toEqual([
      {
        productId: 'p1',
        name: 'Tea',
        changes: [
          { term: 'Stock now', before: '9', after: '8' },
          { term: 'Stock after confirming', before: '7', after: '6' },
        ],
      },
    ])
  })

  it('counts a figure the card left out (a zero) as 0, and a product new to the review as changed', () => {
    const before = review([line()])
    const after = review([line({ sold: 1, gone_sold: 1, sold_or_missing: 1, movements: [{ kind: 'day', delta: -1, reason: 'lost' }] }), line({ product_id: 'p3', name: 'Honey' })])
    expect(reviewChanges(before, after)).toEqual([
      {
        productId: 'p1',
        name: 'Tea',
        changes: [
          { term: 'Sold or missing', before: '2', after: '1' },
          { term: 'Booked: Sold or missing', before: '−2', after: '0' },
          { term: 'Recorded sales during the day', before: '0', after: '1' },
          { term: 'Sold', before: '0', after: '1' },
          { term: 'Booked: Lost or stolen', before: '0', after: '−1' },
        ],
      },
      { productId: 'p3', name: 'Honey', changes: [] },
    ])
  })

  it('is empty when nothing shown changed', () => {
    expect(reviewChanges(review([line()]), review([line()]))).toEqual([])
  })
})
