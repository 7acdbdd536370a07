import { describe, expect, it } from 'vitest'
import { liveHeld, liveHolds, livePageStatus, liveStatuses } from './live-registry'

describe('live registry', () => {
  it('is paused while any subscription on the page is, and tells its listeners only of changes', () => {
    const [counter, dashboard] = [Symbol('counter'), Symbol('dashboard')]
    let told = 0
    const stop = liveStatuses.subscribe(() => (told += 1))
    expect(livePageStatus()).toBe('none')
    liveStatuses.set(counter, 'live')
    liveStatuses.set(dashboard, 'connecting')
    expect(livePageStatus()).toBe('on')
    liveStatuses.set(dashboard, 'paused')
    liveStatuses.set(dashboard, 'paused')
    expect(livePageStatus()).toBe('paused')
    liveStatuses.set(dashboard, null)
    expect(livePageStatus()).toBe('on')
    liveStatuses.set(dashboard, null)
    expect(told).toBe(4)
    stop()
    liveStatuses.set(counter, null)
    expect(told).toBe(4)
    expect(livePageStatus()).toBe('none')
  })

  it('is held while any part of the page holds it', () => {
    const [review, upload] = [Symbol('review'), Symbol('upload')]
    liveHolds.set(review, true)
    liveHolds.set(upload, true)
    liveHolds.set(review, null)
    expect(liveHeld()).toBe(true)
    liveHolds.set(upload, null)
    expect(liveHeld()).toBe(false)
  })
})
