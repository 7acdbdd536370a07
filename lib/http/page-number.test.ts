import { describe, expect, it } from 'vitest'
import { pageNumber } from './page-number'

describe('pageNumber', () => {
  it('reads a whole number of 1 or more', () => {
    expect(pageNumber('3')).toBe(3)
    expect(pageNumber(['2', '9'])).toBe(2)
  })

  it('is 1 for anything else', () => {
    for (const bad of [undefined, '', '0', '-2', '1.5', 'two', '3abc', '1e3x', '9007199254740993', []]) expect(pageNumber(bad as string | undefined)).toBe(1)
  })
})
