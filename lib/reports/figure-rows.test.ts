import { describe, expect, it } from 'vitest'
import { figureRows, formatFigure } from './figure-rows'
import type { ShopReport } from './report'

type Figures = ShopReport['figures']
type Stock = ShopReport['stock']

const noFigures: Figures = {
  sold: 0, sales: 0, gone: 0, received: 0, movements: 0, sales_value: 0, unpriced_products: 0, cogs: 0, uncosted_products: 0,
  margin_sales_value: 0, gross_margin: 0, shrinkage_units: 0, shrinkage_value: 0, shrinkage_uncosted_products: 0,
  damaged: 0, lost: 0, written_off_value: 0, written_off_uncosted_products: 0, corrected: 0, opened: 0,
}
const noStock: Stock = { products: 0, costed_products: 0, units_start: 0, units_end: 0, value_start: 0, value_end: 0 }

/** label → what the page, the email and WhatsApp show */
const shown = (figures: Partial<Figures>, stock: Partial<Stock> = {}) =>
  Object.fromEntries(figureRows({ figures: { ...noFigures, ...figures }, stock: { ...noStock, ...stock } }).map((row) => [row.label, [formatFigure(row, 'GBP'), row.note]]))

describe('figureRows', () => {
  it('shows a value at cost as "—", not £0.00, when nothing it covers has a cost, and says what gives it', () => {
    // a new owner's week: one product, priced, never costed, 3 sold, 2 missing, 4 on the shelf
    const rows = shown(
      { sold: 3, sales: 3, sales_value: 3.6, uncosted_products: 1, shrinkage_units: 2, shrinkage_uncosted_products: 1 },
      { products: 1, costed_products: 0, units_start: 9, units_end: 4 },
    )
    expect(rows['Sales value']).toEqual(['£3.60', undefined])
    expect(rows['Cost of goods sold']).toEqual(['—', '1 product without a cost is left out: set costs to see it'])
    expect(rows['Gross margin']).toEqual(['—', 'none of the products sold has both a price and a cost yet'])
    expect(rows['Shrinkage at cost']).toEqual(['—', '1 product without a cost is left out'])
    expect(rows['Stock value at start']).toEqual(['—', '1 product without a cost is left out: set costs to value the stock'])
    expect(rows['Stock value at end']![0]).toBe('—')
  })

  it('keeps a zero that is known: nothing sold, no stock held, or costs that add up to it', () => {
    const quiet = shown({}, { products: 2, costed_products: 1, units_start: 0, units_end: 0 })
    expect(quiet['Cost of goods sold']).toEqual(['£0.00', undefined])
    expect(quiet['Gross margin']![0]).toBe('£0.00')
    expect(quiet['Stock value at start']).toEqual(['£0.00', 'no stock held'])

    // sold at a price of 0 with a cost: a loss, known
    const givenAway = shown({ sold: 1, sales: 1, cogs: 0.5, gross_margin: -0.5 })
    expect(givenAway['Gross margin']![0]).toBe('-£0.50')
  })

  it('shows part of a value with what it leaves out when some of it has a cost', () => {
    const rows = shown(
      { sold: 6, sales: 6, sales_value: 16, cogs: 4.4, uncosted_products: 1, margin_sales_value: 10, gross_margin: 5.6 },
      { products: 2, costed_products: 1, units_start: 0, units_end: 12, value_end: 24.2 },
    )
    expect(rows['Cost of goods sold']).toEqual(['£4.40', '1 product without a cost is left out'])
    expect(rows['Gross margin']).toEqual(['£5.60', 'on products with a price and a cost (56.0% of sales)'])
    expect(rows['Stock value at end']).toEqual(['£24.20', '1 product without a cost is left out'])
  })

  it('shows what was taken off by hand beside what photo stocktakes found missing, and count corrections either way', () => {
    const rows = shown({ damaged: 2, lost: 1, written_off_value: 1.5, written_off_uncosted_products: 1, corrected: -1200, shrinkage_units: 4 })
    expect(rows['Missing units']![0]).toBe('4')
    expect(rows['Damaged or lost']).toEqual(['3', 'taken off by hand: 2 damaged, 1 lost or stolen'])
    expect(rows['Damaged or lost at cost']).toEqual(['£1.50', '1 product without a cost is left out'])
    expect(rows['Count corrections']![0]).toBe('−1,200')
    expect(shown({ corrected: 3 })['Count corrections']![0]).toBe('+3')
    expect(shown({ corrected: 0 })['Count corrections']![0]).toBe('0')
    // nothing costed: unknown, and what would give it
    expect(shown({ damaged: 2, written_off_uncosted_products: 1 })['Damaged or lost at cost']).toEqual([
      '—',
      '1 product without a cost is left out: set costs to value them',
    ])
  })
})
