import { describe, expect, it } from 'vitest'
import { safeNextPath } from './next-path'

describe('safeNextPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/app/products?q=milk&page=2', '/app/products?q=milk&page=2'],
    ['/upload#start', '/upload#start'],
  ])('keeps the same-site path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected)
  })

  it.each([null, undefined, '', 'dashboard', '//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'refuses %s',
    (next) => {
      expect(safeNextPath(next)).toBe('/')
    },
  )
})
