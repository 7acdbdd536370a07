import { describe, expect, it } from 'vitest'
import { isStockPhotoPath, previewPathOf, stockPhotoPath } from './photo-path'

const shop = '11111111-1111-4111-8111-111111111111'
const session = '22222222-2222-4222-8222-222222222222'
const file = '33333333-3333-4333-8333-333333333333'

describe('stock photo paths', () => {
  it('accepts the path the app makes for the shop, session and side', () => {
    const path = stockPhotoPath(shop, session, 'end', file, 'jpg')
    expect(path).toBe(`${shop}/${session}/end-${file}.jpg`)
    expect(isStockPhotoPath(path, shop, session, 'end')).toBe(true)
  })

  it.each([
    ['another shop', `44444444-4444-4444-8444-444444444444/${session}/end-${file}.jpg`],
    ['another session', `${shop}/44444444-4444-4444-8444-444444444444/end-${file}.jpg`],
    ['the other side', `${shop}/${session}/start-${file}.jpg`],
    ['a traversal', `${shop}/${session}/../end-${file}.jpg`],
    ['another extension', `${shop}/${session}/end-${file}.gif`],
    ['a nested folder', `${shop}/${session}/x/end-${file}.jpg`],
  ])('refuses %s', (_, path) => {
    expect(isStockPhotoPath(path, shop, session, 'end')).toBe(false)
  })
})

describe('previews', () => {
  it.each(['jpg', 'png', 'webp'] as const)('sit beside a .%s photo as .preview.jpg, and are never taken for a photo', (extension) => {
    const path = stockPhotoPath(shop, session, 'start', file, extension)
    expect(previewPathOf(path)).toBe(`${shop}/${session}/start-${file}.preview.jpg`)
    expect(isStockPhotoPath(previewPathOf(path), shop, session, 'start')).toBe(false)
  })
})

