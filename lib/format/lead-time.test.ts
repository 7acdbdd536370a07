import { describe, expect, it } from 'vitest'
import { deliveryWhen } from './lead-time'

describe('deliveryWhen', () => {
  it('says the same day for no lead time, and counts days otherwise', () => {
    expect(deliveryWhen(0)).toBe('the same day')
    expect(deliveryWhen(1)).toBe('in 1 day')
    expect(deliveryWhen(3)).toBe('in 3 days')
  })
})
