import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limit.ts'

describe('RateLimiter', () => {
  it('allows max attempts per window and key, then refuses until the window ends', () => {
    let now = 1_000
    const limiter = new RateLimiter({ max: 2, windowMs: 100 }, 100, () => now)
    expect(limiter.hit(['ip:a'])).toBe(true)
    expect(limiter.hit(['ip:a'])).toBe(true)
    expect(limiter.hit(['ip:a'])).toBe(false)
    expect(limiter.hit(['ip:b'])).toBe(true)
    now += 100
    expect(limiter.hit(['ip:a'])).toBe(true)
  })

  it('refuses when any one of the keys is over its limit', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 1_000 })
    expect(limiter.hit(['ip:a', 'email:x'])).toBe(true)
    expect(limiter.hit(['ip:b', 'email:x'])).toBe(false)
    expect(limiter.hit(['ip:a', 'email:y'])).toBe(false)
    expect(limiter.hit(['ip:c', 'email:z'])).toBe(true)
  })

  it('keeps at most maxKeys windows, dropping expired and then the oldest', () => {
    let now = 0
    const limiter = new RateLimiter({ max: 5, windowMs: 10 }, 3, () => now)
    limiter.hit(['a'])
    limiter.hit(['b'])
    now = 5
    limiter.hit(['c'])
    limiter.hit(['d'])
    expect(limiter.size).toBe(3)
    now = 11
    limiter.hit(['e'])
    expect(limiter.size).toBe(3)
    for (let i = 0; i < 50; i++) limiter.hit([`k${i}`])
    expect(limiter.size).toBe(3)
  })
})
