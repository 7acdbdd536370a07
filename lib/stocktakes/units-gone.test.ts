import { describe, expect, it } from 'vitest'
import { unitsGone } from './units-gone'

describe('unitsGone', () => {
  it('says "sold or missing" when the ledger recorded no sales', () => {
    expect(unitsGone({ start: 10, end: 6, received: 0, sold: 0 })).toEqual({ gone: 4, sold: null, missing: null, soldOrMissing: 4 })
  })

  it('counts units received during the day', () => {
    expect(unitsGone({ start: 10, end: 12, received: 5, sold: 0 }).gone).toBe(3)
  })

  it('splits gone into sold and missing when sales were recorded', () => {
    expect(unitsGone({ start: 10, end: 4, received: 0, sold: 4 })).toEqual({ gone: 6, sold: 4, missing: 2, soldOrMissing: null })
  })

  it('never reports more sold than gone', () => {
    expect(unitsGone({ start: 10, end: 8, received: 0, sold: 5 })).toEqual({ gone: 2, sold: 2, missing: 0, soldOrMissing: null })
  })

  it('reports a surplus as negative gone and nothing missing', () => {
    expect(unitsGone({ start: 3, end: 5, received: 0, sold: 0 })).toEqual({ gone: -2, sold: null, missing: null, soldOrMissing: 0 })
  })
})
