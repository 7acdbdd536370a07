import { describe, expect, it } from 'vitest'
import { reasonLabel, reasonFits } from './stock-reasons'

describe('reasonLabel', () => {
  it('names a movement by its reason, and one that goes against its reason as undone', () => {
    expect(reasonLabel('sold', -2)).toBe('Sold')
    expect(reasonLabel('sold', 2)).toBe('Sold (undone)')
    expect(reasonLabel('received', 5)).toBe('Received')
    expect(reasonLabel('received', -5)).toBe('Received (undone)')
    expect(reasonLabel('count_correction', 3)).toBe('Count correction')
    expect(reasonLabel('count_correction', -3)).toBe('Count correction')
    expect(reasonLabel('initial', 12)).toBe('Opening stock')
    expect(reasonLabel('gone', -1)).toBe('Sold or missing')
  })
})

describe('reasonFits', () => {
  it('takes a reason only the way it goes', () => {
    expect(reasonFits('sold', 'remove')).toBe(true)
    expect(reasonFits('sold', 'add')).toBe(false)
    expect(reasonFits('returned', 'add')).toBe(true)
    expect(reasonFits('count_correction', 'count')).toBe(true)
    expect(reasonFits('damaged', 'count')).toBe(false)
    expect(reasonFits('initial', 'add')).toBe(false)
  })
})
