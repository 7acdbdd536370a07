import { describe, expect, it } from 'vitest'
import { currencyDigits, currencySymbol, formatMoney, formatMoneyInput } from './money'

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

  it.each([
    ['GBP', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
  ])("reads %s's minor units from Intl", (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits)
  })

  it.each([
    [0.4, 'GBP', '0.40'],
    ['0.4', 'EUR', '0.40'],
    ['1234.5', 'USD', '1234.50'],
    [3, 'INR', '3.00'],
    [0, 'GBP', '0.00'],
    ['9999999999.99', 'GBP', '9999999999.99'],
    [120, 'JPY', '120'],
    ['120.00', 'JPY', '120'],
    // a yen amount stored with cents keeps them: editing must not round it away
    ['120.5', 'JPY', '120.50'],
    // numeric(12,2) holds two decimals, whatever the currency
    ['1.5', 'KWD', '1.50'],
    [null, 'GBP', ''],
  ])('writes %j in %s for editing as %j', (amount, currency, text) => {
    expect(formatMoneyInput(amount, currency)).toBe(text)
  })
})
