import { beforeEach, describe, expect, it, vi } from 'vitest'
import { askBackend, backendAnsweredWithin, backendSeemsDown, markBackendDown, markBackendUp } from './backend-health'

beforeEach(() => markBackendUp(0))

describe('backend health', () => {
  it('a recent answer vouches for the database; an old one or a failure does not', () => {
    markBackendUp(1_000)
    expect(backendAnsweredWithin(3_000, 3_999)).toBe(true)
    expect(backendAnsweredWithin(3_000, 4_000)).toBe(false)
    markBackendDown(2_000)
    expect(backendSeemsDown()).toBe(true)
    expect(backendAnsweredWithin(3_000, 2_001)).toBe(false)
  })

  it('asks once for a burst of requests, and reuses the answer briefly', async () => {
    let release!: (up: boolean) => void
    const ask = vi.fn(() => new Promise<boolean>((done) => (release = done)))
    const first = askBackend(ask, 1_000)
    const second = askBackend(ask, 1_000)
    release(false)
    expect(await Promise.all([first, second])).toEqual([false, false])
    expect(await askBackend(ask, 1_000)).toBe(false)
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('forgets its last answer when a page learns something newer', async () => {
    const up = vi.fn(async () => true)
    expect(await askBackend(up, 60_000)).toBe(true)
    // a page's own read then fails: the next request must ask again, not reuse "up"
    markBackendDown()
    const down = vi.fn(async () => false)
    expect(await askBackend(down, 60_000)).toBe(false)
    expect(down).toHaveBeenCalledTimes(1)
    markBackendUp()
    expect(await askBackend(up, 60_000)).toBe(true)
    expect(up).toHaveBeenCalledTimes(2)
  })
})
