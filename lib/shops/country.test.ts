import { describe, expect, it } from 'vitest'
import { shopCountry } from './country'

describe('shopCountry', () => {
  it.each([
    ['Europe/London', 'GBP', 'GB'],
    ['Asia/Kolkata', 'INR', 'IN'],
    ['Asia/Calcutta', 'INR', 'IN'],
    ['America/New_York', 'USD', 'US'],
    ['Europe/Berlin', 'EUR', 'DE'],
    ['Europe/Dublin', 'EUR', 'IE'],
    // the zone says where the shop is, whatever it counts in
    ['Europe/London', 'EUR', 'GB'],
    ['UTC', 'GBP', 'GB'],
    ['Etc/GMT-5', 'INR', 'IN'],
  ])('a shop in %s counting in %s is in %s', (timezone, currency, country) => {
    expect(shopCountry({ timezone, currency })).toBe(country)
  })

  it('knows no country for a euro shop on UTC', () => {
    expect(shopCountry({ timezone: 'UTC', currency: 'EUR' })).toBeUndefined()
  })
})
