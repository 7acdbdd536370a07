import { describe, expect, it } from 'vitest'
import { createShopSchema } from './shop'

describe('createShopSchema', () => {
  it.each([
    [{ name: 'A' }, 'Shop name must be at least 2 characters'],
    [{ name: '  A  ' }, 'Shop name must be at least 2 characters'],
    [{ name: 'S'.repeat(101) }, 'Shop name must be less than 100 characters'],
    [{ name: 'Corner Shop', currency: 'BTC' }, 'Please select a valid currency'],
    [{ name: 'Corner Shop', currency: 'gbp' }, 'Please select a valid currency'],
  ])('%j → %s', (input, message) => {
    const result = createShopSchema.safeParse(input)
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message)
  })

  it('trims the name, defaults the currency to GBP and the time zone to UTC', () => {
    expect(createShopSchema.parse({ name: '  Corner Shop  ' })).toEqual({ name: 'Corner Shop', currency: 'GBP', timezone: 'UTC' })
  })

  it.each(['GBP', 'USD', 'EUR', 'INR'])('accepts %s', (currency) => {
    expect(createShopSchema.parse({ name: 'Shop', currency }).currency).toBe(currency)
  })

  it('keeps a real IANA zone and replaces anything else with UTC', () => {
    expect(createShopSchema.parse({ name: 'Shop', timezone: 'Asia/Kolkata' }).timezone).toBe('Asia/Kolkata')
    expect(createShopSchema.parse({ name: 'Shop', timezone: 'Mars/Olympus' }).timezone).toBe('UTC')
    expect(createShopSchema.parse({ name: 'Shop', timezone: `'; drop table shops; --` }).timezone).toBe('UTC')
  })
})
