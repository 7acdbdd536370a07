import { describe, expect, it } from 'vitest'
import { formatDateTime, formatSeenAt, toLocalInput } from './date-time'

describe('toLocalInput', () => {
  it('gives the moment on the shop’s clock, across zones and a 30-minute offset', () => {
    expect(toLocalInput('2026-11-23T08:02:59Z', 'Europe/London')).toBe('2026-11-23T08:02')
    expect(toLocalInput('2026-11-23T23:30:00Z', 'Pacific/Auckland')).toBe('2026-11-24T12:30')
    expect(toLocalInput('2026-11-23T10:00:00Z', 'America/St_Johns')).toBe('2026-11-23T06:30')
    expect(toLocalInput('2026-11-23T00:05:00Z', 'Asia/Kolkata')).toBe('2026-11-23T05:35')
  })

  it('agrees with the date shown beside it', () => {
    expect(formatDateTime('2026-11-23T08:02:00Z', 'Europe/London')).toBe('23 Nov 2026, 08:02')
  })
})

describe('formatSeenAt', () => {
  it('says the time alone for today and the day with it before, on this device’s clock', () => {
    const now = new Date(2026, 10, 26, 18, 5).getTime()
    expect(formatSeenAt(new Date(2026, 10, 26, 10, 42).getTime(), now)).toBe('10:42')
    expect(formatSeenAt(new Date(2026, 10, 24, 9, 7).getTime(), now)).toBe('24 Nov, 09:07')
    expect(formatSeenAt(new Date(2026, 10, 26, 7, 30).getTime(), now)).toBe('07:30')
  })
})
