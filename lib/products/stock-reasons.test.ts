import { describe, expect, it } from 'vitest'
import { movementLabel, reasonFits } from './stock-reasons'

describe('movementLabel', () => {
  it('names a movement by its reason, and one that goes against its reason as undone', () => {
    expect(movementLabel('sold', -2)).toBe('Sold')
    expect(movementLabel('sold', 2)).toBe('Sold (undone)')
    expect(movementLabel('received', 5)).toBe('Received')
    expect(movementLabel('received', -5)).toBe('Received (undone)')
    expect(movementLabel('count_correction', 3)).toBe('Count correction')
    expect(movementLabel('count_correction', -3)).toBe('Count correction')
    expect(movementLabel('initial', 12)).toBe('Opening stock')
    expect(movementLabel('gone', -1)).toBe('Sold or missing')
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
