import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shownQty, StockTaps, type BookResult, type TapBatch } from './stock-taps'

let booked: TapBatch[]
let answers: BookResult[]
let ids: number

function taps(onFailed = vi.fn()) {
  return new StockTaps({
    quietMs: 1500,
    newId: () => `req-${++ids}`,
    book: async (batch) => {
      booked.push({ ...batch })
      return answers.shift() ?? { ok: true, qty: 0 }
    },
    onFailed,
  })
}

beforeEach(() => {
  vi.useFakeTimers()
  booked = []
  answers = []
  ids = 0
})
afterEach(() => vi.useRealTimers())

describe('StockTaps', () => {
  it('joins taps within the quiet window into one batch with one request id', async () => {
    const counter = taps()
    counter.tap('p1', 'sold')
    await vi.advanceTimersByTimeAsync(1000)
    counter.tap('p1', 'sold')
    await vi.advanceTimersByTimeAsync(1499)
    counter.tap('p1', 'sold')
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(7)
    expect(booked).toEqual([])
    answers.push({ ok: true, qty: 7 })
    await vi.advanceTimersByTimeAsync(1500)
    expect(booked).toEqual([{ productId: 'p1', kind: 'sold', count: 3, requestId: 'req-1' }])
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(7)
    expect(counter.getSnapshot().busy).toBe(false)
  })

  it('starts a new batch, with a new id, after the quiet window', async () => {
    const counter = taps()
    counter.tap('p1', 'sold')
    await vi.advanceTimersByTimeAsync(1500)
    counter.tap('p1', 'sold')
    await vi.advanceTimersByTimeAsync(1500)
    expect(booked.map((b) => [b.count, b.requestId])).toEqual([
      [1, 'req-1'],
      [1, 'req-2'],
    ])
  })

  it('keeps products and directions apart', async () => {
    const counter = taps()
    counter.tap('p1', 'sold')
    counter.tap('p2', 'sold')
    counter.tap('p1', 'received')
    expect(shownQty(counter.getSnapshot(), 'p1', 5)).toBe(5)
    expect(shownQty(counter.getSnapshot(), 'p2', 5)).toBe(4)
    expect(counter.getSnapshot().busy).toBe(true)
    await vi.advanceTimersByTimeAsync(1500)
    expect(booked.map((b) => `${b.productId}:${b.kind}:${b.count}`).sort()).toEqual(['p1:received:1', 'p1:sold:1', 'p2:sold:1'])
  })

  it('rolls the shown number back and reports when the server refuses', async () => {
    const onFailed = vi.fn()
    const counter = taps(onFailed)
    answers.push({ ok: false, message: 'Not enough stock: only 1 in stock' })
    counter.tap('p1', 'sold')
    counter.tap('p1', 'sold')
    expect(shownQty(counter.getSnapshot(), 'p1', 1)).toBe(-1)
    await vi.advanceTimersByTimeAsync(1500)
    expect(shownQty(counter.getSnapshot(), 'p1', 1)).toBe(1)
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ count: 2 }), 'Not enough stock: only 1 in stock')
  })

  it('shows the stored number the server sends with a refusal', async () => {
    const counter = taps()
    answers.push({ ok: false, message: 'Not enough stock: only 0 in stock', qty: 0 })
    counter.tap('p1', 'sold')
    await vi.advanceTimersByTimeAsync(1500)
    expect(shownQty(counter.getSnapshot(), 'p1', 1)).toBe(0)
  })

  it('flush sends queued taps at once', async () => {
    const counter = taps()
    counter.tap('p1', 'sold')
    counter.flush()
    await vi.advanceTimersByTimeAsync(0)
    expect(booked).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(5000)
    expect(booked).toHaveLength(1)
  })

  it('books one product in order, so the last answer is the newest stock', async () => {
    let release!: () => void
    const order: string[] = []
    const counter = new StockTaps({
      quietMs: 10,
      newId: () => `req-${++ids}`,
      book: async (batch) => {
        if (batch.kind === 'sold') await new Promise<void>((done) => (release = done))
        order.push(batch.kind)
        return { ok: true, qty: batch.kind === 'sold' ? 4 : 5 }
      },
    })
    counter.tap('p1', 'sold')
    await vi.advanceTimersByTimeAsync(10)
    counter.tap('p1', 'received')
    await vi.advanceTimersByTimeAsync(10)
    expect(order).toEqual([])
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(order).toEqual(['sold', 'received'])
    expect(shownQty(counter.getSnapshot(), 'p1', 0)).toBe(5)
  })

  it('sends an unanswered batch again with the same request id until the server answers, and shows it as saving meanwhile', async () => {
    const onFailed = vi.fn()
    const counter = taps(onFailed)
    answers.push({ ok: false, unanswered: true }, { ok: false, unanswered: true }, { ok: true, qty: 8 })
    counter.tap('p1', 'sold')
    counter.tap('p1', 'sold')
    await vi.advanceTimersByTimeAsync(1500)
    expect(booked).toHaveLength(1)
    expect(counter.getSnapshot().saving.has('p1')).toBe(true)
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(8)
    await vi.advanceTimersByTimeAsync(1000)
    expect(booked).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(booked.map(({ requestId, count }) => [requestId, count])).toEqual([
      ['req-1', 2],
      ['req-1', 2],
      ['req-1', 2],
    ])
    expect(counter.getSnapshot().saving.size).toBe(0)
    expect(counter.getSnapshot().busy).toBe(false)
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(8)
    expect(onFailed).not.toHaveBeenCalled()
  })

  it('takes a call that throws (no connection) as unanswered, never as refused', async () => {
    const onFailed = vi.fn()
    const onBooked = vi.fn()
    let calls = 0
    const counter = new StockTaps({
      quietMs: 10,
      newId: () => 'req-x',
      book: async () => {
        if (++calls < 3) throw new TypeError('Failed to fetch')
        return { ok: true, qty: 4 }
      },
      onFailed,
      onBooked,
    })
    counter.tap('p1', 'sold')
    await vi.advanceTimersByTimeAsync(10 + 1000 + 2000)
    expect(calls).toBe(3)
    expect(onFailed).not.toHaveBeenCalled()
    expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-x' }), 4)
  })

  it('shows a batch as saving only once its answer is late', async () => {
    let release!: (result: BookResult) => void
    const counter = new StockTaps({ quietMs: 10, newId: () => 'r', book: () => new Promise((done) => (release = done)) })
    counter.tap('p1', 'received')
    await vi.advanceTimersByTimeAsync(10 + 999)
    expect(counter.getSnapshot().saving.size).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect([...counter.getSnapshot().saving]).toEqual(['p1'])
    release({ ok: true, qty: 3 })
    await vi.advanceTimersByTimeAsync(0)
    expect(counter.getSnapshot().saving.size).toBe(0)
  })
})
