import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxEntry } from '@/lib/offline/device-db'
import { outboxStore } from '@/lib/offline/outbox-store'
import { shownQty, StockTaps, type BookResult, type StockTapsOptions } from './stock-taps'

// The outbox on a real IndexedDB implementation (fake-indexeddb, in memory); only the server is stood in for.
let booked: Pick<OutboxEntry, 'productId' | 'kind' | 'count' | 'requestId'>[]
let answers: BookResult[]
let ids: number
let user: string
let made: StockTaps[]

const sent = () => booked.map(({ productId, kind, count, requestId }) => ({ productId, kind, count, requestId }))

function taps(options: Partial<StockTapsOptions> = {}) {
  const counter = new StockTaps({
    userId: user,
    store: outboxStore(user),
    quietMs: 1500,
    newId: () => `req-${++ids}`,
    book: async (entry) => {
      booked.push({ ...entry })
      return answers.shift() ?? { ok: true, qty: 0 }
    },
    ...options,
  })
  made.push(counter)
  return counter
}

const realTask = () => new Promise((done) => setImmediate(done))

/** Runs the timers for `ms` of fake time, then IndexedDB's work that follows (it runs in real tasks). */
async function settle(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms)
  for (let turn = 0; turn < 50; turn++) await realTask()
}

const io = <T>(promise: Promise<T>) => promise

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  booked = []
  answers = []
  ids = 0
  user = randomUUID()
  made = []
})
afterEach(() => {
  for (const counter of made) counter.stop()
  vi.useRealTimers()
})

describe('StockTaps', () => {
  it('joins taps within the quiet window into one batch with one request id', async () => {
    const counter = taps()
    counter.tap('p1', 'Milk', 'sold')
    await settle(1000)
    counter.tap('p1', 'Milk', 'sold')
    await settle(1499)
    counter.tap('p1', 'Milk', 'sold')
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(7)
    expect(booked).toEqual([])
    answers.push({ ok: true, qty: 7 })
    await settle(1500)
    expect(sent()).toEqual([{ productId: 'p1', kind: 'sold', count: 3, requestId: 'req-1' }])
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(7)
    expect(counter.getSnapshot().busy).toBe(false)
    expect(await io(outboxStore(user).list())).toEqual([])
  })

  it('says a change is on its way from the first tap until its answer (a live update of it is its own echo)', async () => {
    let answer: (result: BookResult) => void = () => {}
    const counter = taps({ book: (entry) => (booked.push({ ...entry }), new Promise((done) => (answer = done))) })
    counter.tap('p1', 'Milk', 'sold')
    expect(counter.isWaiting('req-1')).toBe(true)
    await settle(1500)
    expect(sent()).toEqual([{ productId: 'p1', kind: 'sold', count: 1, requestId: 'req-1' }])
    expect(counter.isWaiting('req-1')).toBe(true)
    answer({ ok: true, qty: 9 })
    await settle()
    expect(counter.isWaiting('req-1')).toBe(false)
    expect(counter.isWaiting('someone-else')).toBe(false)
  })

  it('starts a new batch, with a new id, after the quiet window', async () => {
    const counter = taps()
    counter.tap('p1', 'Milk', 'sold')
    await settle(1500)
    counter.tap('p1', 'Milk', 'sold')
    await settle(1500)
    expect(booked.map((b) => [b.count, b.requestId])).toEqual([
      [1, 'req-1'],
      [1, 'req-2'],
    ])
  })

  it('keeps products and directions apart', async () => {
    const counter = taps()
    counter.tap('p1', 'Milk', 'sold')
    counter.tap('p2', 'Eggs', 'sold')
    counter.tap('p1', 'Milk', 'received')
    expect(shownQty(counter.getSnapshot(), 'p1', 5)).toBe(5)
    expect(shownQty(counter.getSnapshot(), 'p2', 5)).toBe(4)
    expect(counter.getSnapshot().busy).toBe(true)
    await settle(1500)
    expect(booked.map((b) => `${b.productId}:${b.kind}:${b.count}`)).toEqual(['p1:sold:1', 'p2:sold:1', 'p1:received:1'])
  })

  it('answers a refusal of a change made just now on the spot, shows the stored number, and keeps nothing', async () => {
    const onConflict = vi.fn()
    const onRefused = vi.fn()
    const counter = taps({ onConflict, onRefused })
    answers.push({ ok: false, message: 'Not enough stock: only 0 in stock', qty: 0 })
    counter.tap('p1', 'Milk', 'sold')
    await settle(1500)
    expect(shownQty(counter.getSnapshot(), 'p1', 1)).toBe(0)
    expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ count: 1 }), 'Not enough stock: only 0 in stock')
    expect(onConflict).not.toHaveBeenCalled()
    expect(counter.getSnapshot().conflicts).toEqual([])
    expect(await io(outboxStore(user).list())).toEqual([])
    expect(await io(outboxStore(user).conflicts())).toEqual([])
  })

  it('keeps a refused change made offline as a conflict for the owner, on the device, and shows the stored number', async () => {
    const onConflict = vi.fn()
    const counter = taps({ onConflict, online: false })
    answers.push({ ok: false, message: 'Not enough stock: only 0 in stock', qty: 0 })
    counter.tap('p1', 'Milk', 'sold')
    counter.tap('p1', 'Milk', 'sold')
    expect(shownQty(counter.getSnapshot(), 'p1', 1)).toBe(-1)
    await settle(1500)
    counter.setOnline(true)
    await settle()
    expect(shownQty(counter.getSnapshot(), 'p1', 1)).toBe(0)
    expect(onConflict).toHaveBeenCalledWith(expect.objectContaining({ message: 'Not enough stock: only 0 in stock', entry: expect.objectContaining({ count: 2 }) }))
    expect(counter.getSnapshot().conflicts.map((conflict) => conflict.requestId)).toEqual(['req-1'])
    // Not sent again, and still there after a reload until the owner dismisses it.
    expect(await io(outboxStore(user).list())).toEqual([])
    const reloaded = taps()
    await io(reloaded.whenReady())
    expect(reloaded.getSnapshot().conflicts.map((conflict) => conflict.message)).toEqual(['Not enough stock: only 0 in stock'])
    reloaded.dismiss('req-1')
    await settle()
    expect(await io(outboxStore(user).conflicts())).toEqual([])
    expect(booked).toHaveLength(1)
  })

  it('flush sends queued taps at once', async () => {
    const counter = taps()
    counter.tap('p1', 'Milk', 'sold')
    counter.flush()
    await settle()
    expect(booked).toHaveLength(1)
    await settle(5000)
    expect(booked).toHaveLength(1)
  })

  it('sends one change at a time, in the order made, whatever the product', async () => {
    const releases: (() => void)[] = []
    const order: string[] = []
    const counter = taps({
      quietMs: 10,
      book: async (entry) => {
        order.push(`sent ${entry.productId}:${entry.kind}`)
        await new Promise<void>((done) => releases.push(done))
        return { ok: true, qty: 1 }
      },
    })
    counter.tap('p1', 'Milk', 'sold')
    await settle(10)
    counter.tap('p2', 'Eggs', 'received')
    counter.tap('p1', 'Milk', 'received')
    await settle(10)
    expect(order).toEqual(['sent p1:sold'])
    releases.shift()!()
    await settle()
    expect(order).toEqual(['sent p1:sold', 'sent p2:received'])
    releases.shift()!()
    await settle()
    releases.shift()!()
    await settle()
    expect(order).toEqual(['sent p1:sold', 'sent p2:received', 'sent p1:received'])
  })

  it('sends an unanswered change again with the same request id until the server answers, and shows it as saving meanwhile', async () => {
    const onConflict = vi.fn()
    const counter = taps({ onConflict })
    answers.push({ ok: false, unanswered: true }, { ok: false, unanswered: true }, { ok: true, qty: 8 })
    counter.tap('p1', 'Milk', 'sold')
    counter.tap('p1', 'Milk', 'sold')
    await settle(1500)
    expect(booked).toHaveLength(1)
    expect(counter.getSnapshot().saving.has('p1')).toBe(true)
    expect(counter.getSnapshot().holding).toBe(true)
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(8)
    await settle(1000)
    expect(booked).toHaveLength(2)
    await settle(2000)
    expect(booked.map(({ requestId, count }) => [requestId, count])).toEqual([
      ['req-1', 2],
      ['req-1', 2],
      ['req-1', 2],
    ])
    expect(counter.getSnapshot().saving.size).toBe(0)
    expect(counter.getSnapshot().busy).toBe(false)
    expect(counter.getSnapshot().holding).toBe(false)
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(8)
    expect(onConflict).not.toHaveBeenCalled()
  })

  it('takes a call that throws (no connection) as unanswered, never as refused', async () => {
    const onConflict = vi.fn()
    const onBooked = vi.fn()
    let calls = 0
    const counter = taps({
      quietMs: 10,
      book: async () => {
        if (++calls < 3) throw new TypeError('Failed to fetch')
        return { ok: true, qty: 4 }
      },
      onConflict,
      onBooked,
    })
    counter.tap('p1', 'Milk', 'sold')
    await settle(10)
    await settle(1000)
    await settle(2000)
    expect(calls).toBe(3)
    expect(onConflict).not.toHaveBeenCalled()
    expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-1' }), 4, false)
  })

  it('shows a change as saving only once its answer is late', async () => {
    let release!: (result: BookResult) => void
    const counter = taps({ quietMs: 10, book: () => new Promise((done) => (release = done)) })
    counter.tap('p1', 'Milk', 'received')
    await settle(10)
    await settle(999)
    expect(counter.getSnapshot().saving.size).toBe(0)
    await settle(1)
    expect([...counter.getSnapshot().saving]).toEqual(['p1'])
    release({ ok: true, qty: 3 })
    await settle()
    expect(counter.getSnapshot().saving.size).toBe(0)
  })

  it('sends nothing offline; back online it sends what waits in order, at once, and tells they are late', async () => {
    const onBooked = vi.fn()
    const counter = taps({ online: false, onBooked })
    counter.tap('p1', 'Milk', 'sold')
    await settle(1500)
    counter.tap('p2', 'Eggs', 'received')
    await settle(1500)
    counter.tap('p1', 'Milk', 'sold')
    await settle(60_000)
    expect(booked).toEqual([])
    expect(counter.getSnapshot()).toMatchObject({ waiting: 3, syncing: 3, holding: true, online: false })
    counter.setOnline(true)
    await settle()
    expect(booked.map((b) => `${b.productId}:${b.kind}:${b.requestId}`)).toEqual(['p1:sold:req-1', 'p2:received:req-2', 'p1:sold:req-3'])
    expect(onBooked.mock.calls.map(([, , late]) => late)).toEqual([true, true, true])
    expect(counter.getSnapshot()).toMatchObject({ waiting: 0, syncing: 0, holding: false, lastSyncAt: Date.now() })
  })

  it('shows changes made offline as syncing once back online, until each is answered', async () => {
    let answer = () => {}
    const counter = taps({ online: false, book: () => new Promise<BookResult>((done) => (answer = () => done({ ok: true, qty: 0 }))) })
    counter.tap('p9', 'Tea', 'sold')
    counter.flush()
    counter.tap('p1', 'Milk', 'sold')
    counter.setOnline(true)
    await settle()
    expect(counter.getSnapshot()).toMatchObject({ waiting: 2, syncing: 2, holding: false })
    answer()
    await settle(1500)
    expect(counter.getSnapshot()).toMatchObject({ waiting: 1, syncing: 1 })
    answer()
    await settle()
    expect(counter.getSnapshot()).toMatchObject({ waiting: 0, syncing: 0 })
    // a tap made online is not one being synced
    counter.tap('p1', 'Milk', 'sold')
    expect(counter.getSnapshot()).toMatchObject({ waiting: 1, syncing: 0 })
  })

  it('keeps every tap on the device from the first: a reload sends them, in order, with their request ids', async () => {
    const first = taps({ online: false })
    first.tap('p1', 'Milk', 'sold')
    await settle(1500)
    first.tap('p1', 'Milk', 'sold')
    first.tap('p2', 'Eggs', 'received')
    // the page closes inside the quiet window
    await settle(100)
    first.stop()

    const reloaded = taps()
    expect(reloaded.getSnapshot().ready).toBe(false)
    await io(reloaded.whenReady())
    expect(reloaded.getSnapshot().waiting).toBe(3)
    expect(shownQty(reloaded.getSnapshot(), 'p1', 10)).toBe(8)
    await settle()
    expect(sent()).toEqual([
      { productId: 'p1', kind: 'sold', count: 1, requestId: 'req-1' },
      { productId: 'p1', kind: 'sold', count: 1, requestId: 'req-2' },
      { productId: 'p2', kind: 'received', count: 1, requestId: 'req-3' },
    ])
    expect(await io(outboxStore(user).list())).toEqual([])
  })

  it('a change sent with no answer before a reload is sent again with the same request id after it', async () => {
    const first = taps({ book: async (entry) => (booked.push({ ...entry }), { ok: false, unanswered: true }) })
    first.tap('p1', 'Milk', 'sold')
    await settle(1500)
    first.stop()
    await settle(20_000)
    const reloaded = taps()
    await io(reloaded.whenReady())
    await settle()
    expect(booked.map((b) => b.requestId)).toEqual(['req-1', 'req-1'])
    expect(reloaded.getSnapshot().waiting).toBe(0)
  })

  it("never sends another user's changes, nor removes them", async () => {
    const alice = user
    const aliceTaps = taps({ online: false })
    aliceTaps.tap('p1', 'Milk', 'sold')
    await settle(1500)
    aliceTaps.stop()

    // Bob signs in on the same phone, with changes of his own.
    user = randomUUID()
    const bobTaps = taps()
    await io(bobTaps.whenReady())
    expect(bobTaps.getSnapshot().waiting).toBe(0)
    bobTaps.tap('p9', 'Tea', 'received')
    await settle(1500)
    expect(sent()).toEqual([{ productId: 'p9', kind: 'received', count: 1, requestId: 'req-2' }])
    const bobStore = outboxStore(user)
    await io(bobStore.remove('req-1'))
    await io(bobStore.dismiss('req-1'))
    expect(await io(bobStore.has('req-1'))).toBe(false)
    await expect(bobStore.put({ ...(await io(outboxStore(alice).list()))[0]!, count: 5 })).rejects.toThrow()

    // Alice's change waited for her, untouched.
    user = alice
    booked = []
    const aliceAgain = taps()
    await io(aliceAgain.whenReady())
    await settle()
    expect(sent()).toEqual([{ productId: 'p1', kind: 'sold', count: 1, requestId: 'req-1' }])
  })

  it('keeps changes the server will not take for this user (signed out), and sends no more of them', async () => {
    const counter = taps({ quietMs: 10 })
    answers.push({ ok: false, held: 'Sign in again to send your changes' })
    counter.tap('p1', 'Milk', 'sold')
    await settle(10)
    counter.tap('p2', 'Eggs', 'sold')
    await settle(60_000)
    expect(booked).toHaveLength(1)
    expect(counter.getSnapshot()).toMatchObject({ waiting: 2, holding: true, holdReason: 'Sign in again to send your changes', conflicts: [] })
    expect((await io(outboxStore(user).list())).map((entry) => entry.requestId)).toEqual(['req-1', 'req-2'])
  })

  it('books an adjustment in its turn, with its own request id', async () => {
    const counter = taps({ online: false })
    counter.tap('p1', 'Milk', 'sold')
    counter.adjust({ productId: 'p1', name: 'Milk', sign: -1, count: 3, reason: 'damaged', note: 'dropped', requestId: 'form-1' })
    expect(shownQty(counter.getSnapshot(), 'p1', 10)).toBe(6)
    counter.setOnline(true)
    await settle(1500)
    expect(booked.map((b) => `${b.kind}:${b.count}:${b.requestId}`)).toEqual(['adjust:3:form-1', 'sold:1:req-1'])
  })
})
