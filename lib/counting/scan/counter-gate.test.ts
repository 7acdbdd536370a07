import { describe, expect, it } from 'vitest'
import { CounterGate, LEFT_MS } from './counter-gate.ts'

describe('CounterGate', () => {
  it('takes an item held in view for 5 s once, however many frames read it', () => {
    const gate = new CounterGate()
    const taken = Array.from({ length: 25 }, (_, i) => gate.take(['4006381333931'], i * 200)).flat()
    expect(taken).toEqual(['4006381333931'])
  })

  it('takes the same code again once it has been out of view for LEFT_MS: the next item of that product', () => {
    const gate = new CounterGate()
    expect(gate.take(['A'], 0)).toEqual(['A'])
    expect(gate.take(['A'], 300)).toEqual([])
    // frames without it in between (the item put down) do not reset anything by themselves
    expect(gate.take([], 900)).toEqual([])
    expect(gate.take(['A'], 300 + LEFT_MS - 1)).toEqual([])
    expect(gate.take(['A'], 300 + LEFT_MS - 1 + LEFT_MS)).toEqual(['A'])
  })

  it('takes two products in one frame, each once, and a code twice in a frame once', () => {
    const gate = new CounterGate()
    expect(gate.take(['A', 'B', 'A'], 0)).toEqual(['A', 'B'])
    expect(gate.take(['B'], 100)).toEqual([])
  })

  it('forgets everything on clear', () => {
    const gate = new CounterGate()
    gate.take(['A'], 0)
    gate.clear()
    expect(gate.take(['A'], 10)).toEqual(['A'])
  })
})
