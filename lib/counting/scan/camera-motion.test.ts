import { describe, expect, it } from 'vitest'
import { estimateShift } from './camera-motion.ts'

describe('estimateShift', () => {
  it('is null without any pair', () => {
    expect(estimateShift([], 10)).toBeNull()
  })

  it('takes the shift most codes agree on, not a neighbouring label of the same product', () => {
    // three codes moved 40 px left; codes 0 and 1 also pair with a neighbour of their product 120 px away
    const pairs = [
      { code: 0, shift: { x: -40, y: 2 } },
      { code: 0, shift: { x: 80, y: 2 } },
      { code: 1, shift: { x: -42, y: 0 } },
      { code: 1, shift: { x: -162, y: 0 } },
      { code: 2, shift: { x: -38, y: -1 } },
    ]
    expect(estimateShift(pairs, 10)).toEqual({ shift: { x: -40, y: 0 }, support: 3 })
  })

  it('counts one guess a code: a code paired with two close labels does not outvote two codes', () => {
    const pairs = [
      { code: 0, shift: { x: 30, y: 0 } },
      { code: 0, shift: { x: 33, y: 0 } },
      { code: 1, shift: { x: -10, y: 0 } },
      { code: 2, shift: { x: -12, y: 0 } },
    ]
    expect(estimateShift(pairs, 8)!.shift.x).toBe(-11)
  })

  it('takes a penalty off the votes: a run of facings repeats, so a shift by one facing can have more votes than the true one', () => {
    // a run of one product's facings 300 px apart; the camera moved 40 px more than expected,
    // and two labels coming into view match the neighbours they are about to pass
    const pairs = [
      { code: 0, shift: { x: 40, y: 0 } },
      { code: 0, shift: { x: -260, y: 0 } },
      { code: 1, shift: { x: 42, y: 0 } },
      { code: 1, shift: { x: -258, y: 0 } },
      { code: 2, shift: { x: -262, y: 0 } },
      { code: 3, shift: { x: -259, y: 0 } },
    ]
    expect(estimateShift(pairs, 20)!.shift.x).toBe(-259.5)
    // e.g. for an unlikely jump of the camera, or for putting codes on other products' labels
    const penalty = (shift: { x: number }) => (shift.x < -200 ? 3 : 0)
    expect(estimateShift(pairs, 20, penalty)).toEqual({ shift: { x: 41, y: 0 }, support: 2 })
  })

  it('between equally supported shifts, takes the smaller: the camera moved as expected', () => {
    const pairs = [
      { code: 0, shift: { x: 5, y: 0 } },
      { code: 0, shift: { x: -120, y: 0 } },
    ]
    expect(estimateShift(pairs, 10)).toEqual({ shift: { x: 5, y: 0 }, support: 1 })
  })
})
