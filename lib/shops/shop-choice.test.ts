import { describe, expect, it } from 'vitest'
import { chosenShopIn, shopHeaders } from './shop-choice'

const ID = '0b5c6a3e-9d8f-4c1e-8a2b-3c4d5e6f7a8b'

describe('the chosen shop', () => {
  it('is sent as x-shop-id when it looks like a shop id, and not at all otherwise', () => {
    expect(shopHeaders(ID)).toEqual({ 'x-shop-id': ID })
    for (const value of [null, undefined, '', 'not-a-shop', `${ID}\r\nx-evil: 1`]) expect(shopHeaders(value)).toEqual({})
  })

  it('alone (x-shop-only) when an action names the shop its page showed', () => {
    expect(shopHeaders(ID, true)).toEqual({ 'x-shop-id': ID, 'x-shop-only': '1' })
    expect(shopHeaders('not-a-shop', true)).toEqual({})
  })

  it('is read from the browser cookie among others', () => {
    expect(chosenShopIn(`sb-a-auth-token=x; shelfsnap-shop=${ID}; other=1`)).toBe(ID)
    expect(chosenShopIn('sb-a-auth-token=x')).toBeNull()
    expect(chosenShopIn('')).toBeNull()
  })
})
