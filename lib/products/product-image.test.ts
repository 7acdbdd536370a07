import { describe, expect, it } from 'vitest'
import { isShopImageUrl, productImagePath, shopImagePath } from './product-image'

const base = 'http://127.0.0.1:54321'
const shop = '11111111-2222-4333-8444-555555555555'
const file = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9'
const good = `${base}/storage/v1/object/public/product-images/${shop}/${file}.webp`

describe('isShopImageUrl', () => {
  it('accepts a photo uploaded to the shop folder, with or without a trailing slash on the project URL', () => {
    expect(isShopImageUrl(good, base, shop)).toBe(true)
    expect(isShopImageUrl(good, `${base}/`, shop)).toBe(true)
    expect(productImagePath(shop, file, 'webp')).toBe(`${shop}/${file}.webp`)
    expect(shopImagePath(good, base, shop)).toBe(`${shop}/${file}.webp`)
  })

  it.each([
    ['another host', good.replace(base, 'https://evil.example')],
    ['another shop', good.replace(shop, '99999999-2222-4333-8444-555555555555')],
    ['another bucket', good.replace('product-images', 'avatars')],
    ['a private URL', good.replace('/public/', '/sign/')],
    ['a path escape', `${base}/storage/v1/object/public/product-images/${shop}/../other/${file}.webp`],
    ['a query string', `${good}?download=1`],
    ['a non-image extension', good.replace('.webp', '.html')],
    ['javascript:', 'javascript:alert(1)'],
  ])('refuses %s', (_, url) => {
    expect(isShopImageUrl(url, base, shop)).toBe(false)
    expect(shopImagePath(url, base, shop)).toBeNull()
  })
})
