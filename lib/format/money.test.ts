import { describe, expect, it } from 'vitest'
import { currencySymbol, formatMoney } from './money'

describe('money', () => {
  it.each([
    ['GBP', '£'],
    ['USD', '$'],
    ['EUR', '€'],
    ['INR', '₹'],
  ])('shows %s with %s', (currency, symbol) => {
    expect(currencySymbol(currency)).toBe(symbol)
    expect(formatMoney('1234.5', currency)).toBe(`${symbol}1,234.50`)
  })

  it('shows a missing amount as a dash', () => {
    expect(formatMoney(null, 'GBP')).toBe('—')
  })
})
