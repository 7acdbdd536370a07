import { describe, expect, it } from 'vitest'
import { formatCount } from './count'

describe('formatCount', () => {
  it('groups thousands as en-GB does', () => {
    for (const n of [0, 1, 12, 999, 1000, 4980, 10_000, 999_999, 1_000_000, 1_234_567_890, -1, -1234, -1_000_000]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-GB'))
    }
  })

  it('drops fractions: it writes counts', () => {
    expect(formatCount(1234.9)).toBe('1,234')
  })
})
