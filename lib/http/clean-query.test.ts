import { describe, expect, it } from 'vitest'
import { cleanedQuery } from './clean-query'

describe('cleanedQuery', () => {
  it('drops NUL and other control characters from keys and values', () => {
    const target = cleanedQuery(new URL('http://shop.test/app/products?q=mi%00lk%1F&page=2&%07x=1'))
    expect(target?.toString()).toBe('http://shop.test/app/products?q=milk&page=2&x=1')
  })

  it('leaves a clean query alone, accents, tabs and spaces included', () => {
    expect(cleanedQuery(new URL('http://shop.test/app/products?q=caf%C3%A9%20au%09lait'))).toBeNull()
    expect(cleanedQuery(new URL('http://shop.test/app/products'))).toBeNull()
  })
})
