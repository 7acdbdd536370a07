import { describe, expect, it } from 'vitest'
import { signed } from './signed'

describe('signed', () => {
  it('writes gains with a plus, losses with a minus sign, and nothing as 0', () => {
    expect([signed(2), signed(-3), signed(0)]).toEqual(['+2', '−3', '0'])
  })
})
