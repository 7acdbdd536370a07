import { describe, expect, it } from 'vitest'
import { confirmsStocktakes, ownsShop, runsShop } from './roles'

describe('roles', () => {
  it('lets owners and managers run the shop, and only owners own it', () => {
    expect([runsShop('owner'), runsShop('manager'), runsShop('staff')]).toEqual([true, true, false])
    expect([ownsShop('owner'), ownsShop('manager'), ownsShop('staff')]).toEqual([true, false, false])
  })

  it('lets staff confirm stocktakes only where the owner allows it', () => {
    expect(confirmsStocktakes('staff', false)).toBe(false)
    expect(confirmsStocktakes('staff', true)).toBe(true)
    expect(confirmsStocktakes('manager', false)).toBe(true)
  })
})
