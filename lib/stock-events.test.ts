import { afterEach, describe, expect, it, vi } from 'vitest'
import { announceStockChanged, STOCK_CHANNEL, subscribeStockChanged } from './stock-events'

const unsubscribes: (() => void)[] = []
afterEach(() => unsubscribes.splice(0).forEach((stop) => stop()))

describe('stock events', () => {
  it('delivers an announcement to every subscriber, and nothing after unsubscribing', async () => {
    const first = vi.fn()
    const second = vi.fn()
    unsubscribes.push(subscribeStockChanged(first))
    const stop = subscribeStockChanged(second)
    announceStockChanged()
    await vi.waitFor(() => expect(first).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(second).toHaveBeenCalledTimes(1))
    stop()
    announceStockChanged()
    await vi.waitFor(() => expect(first).toHaveBeenCalledTimes(2))
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('ignores other messages on the channel', async () => {
    const listener = vi.fn()
    unsubscribes.push(subscribeStockChanged(listener))
    const other = new BroadcastChannel(STOCK_CHANNEL)
    other.postMessage({ type: 'something-else' })
    other.postMessage('stock-changed')
    other.postMessage({ type: 'stock-changed' })
    other.close()
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1))
  })
})
