import { describe, expect, it } from 'vitest'
import { formatLongDate, formatWhen, shopDate } from './format-when'

describe('formatWhen', () => {
  // 11:30 UTC on 21 Nov 2026 is 00:30 on 22 Nov in Auckland (NZDT, UTC+13).
  const instant = '2026-11-21T11:30:00Z'

  it("uses the shop's clock and calendar, not the browser's", () => {
    expect(shopDate(new Date(instant), 'Pacific/Auckland')).toBe('2026-11-22')
    expect(shopDate(new Date(instant), 'Europe/London')).toBe('2026-11-21')
    expect(formatWhen(instant, 'Pacific/Auckland', '2026-11-22')).toBe('Today 00:30')
    expect(formatWhen(instant, 'Europe/London', '2026-11-21')).toBe('Today 11:30')
  })

  it('says Yesterday, then the date, across month ends', () => {
    expect(formatWhen('2026-11-30T20:00:00Z', 'Europe/London', '2026-12-01')).toBe('Yesterday 20:00')
    expect(formatWhen('2026-11-03T09:00:00Z', 'Europe/London', '2026-12-01')).toBe('3 Nov 2026, 09:00')
  })

  it('writes the day out in full', () => {
    expect(formatLongDate('2026-11-21')).toBe('Saturday, 21 November 2026')
  })
})
