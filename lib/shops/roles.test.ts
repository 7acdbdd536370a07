import { describe, expect, it } from 'vitest'
import { confirmsStocktakes, homeOf, ownsShop, runsShop } from './roles'

describe('roles', () => {
  it('lets owners and managers run the shop, and only owners own it', () => {
    expect([runsShop('owner'), runsShop('manager'), runsShop('staff')]).toEqual([true, true, false])
    expect([ownsShop('owner'), ownsShop('manager'), ownsShop('staff')]).toEqual([true, false, false])
  })

  it('starts those who run the shop on the dashboard and staff at the counter', () => {
    expect([homeOf('owner'), homeOf('manager'), homeOf('staff')]).toEqual(['/dashboard', '/dashboard', '/app/products'])
  })

  it('lets staff confirm stocktakes only where the owner allows it', () => {
    expect(confirmsStocktakes('staff', false)).toBe(false)
    expect(confirmsStocktakes('staff', true)).toBe(true)
    expect(confirmsStocktakes('manager', false)).toBe(true)
  })
})
