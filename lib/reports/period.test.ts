import { describe, expect, it } from 'vitest'
import { describePeriod, presetPeriod, readPeriod, shopToday } from './period'

describe('report periods', () => {
  it("reads the date on the shop's clock, not the server's", () => {
    const now = new Date('2026-11-23T11:30:00Z')
    expect(shopToday('Pacific/Auckland', now)).toBe('2026-11-24')
    expect(shopToday('America/Los_Angeles', now)).toBe('2026-11-23')
    expect(shopToday('Asia/Kolkata', new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24')
  })

  it('turns each preset into whole days ending today', () => {
    expect(presetPeriod('today', '2026-03-01')).toEqual({ range: 'today', from: '2026-03-01', to: '2026-03-01' })
    expect(presetPeriod('yesterday', '2026-03-01')).toEqual({ range: 'yesterday', from: '2026-02-28', to: '2026-02-28' })
    expect(presetPeriod('7d', '2026-03-01')).toEqual({ range: '7d', from: '2026-02-23', to: '2026-03-01' })
    expect(presetPeriod('30d', '2026-03-29')).toEqual({ range: '30d', from: '2026-02-28', to: '2026-03-29' })
    expect(presetPeriod('month', '2026-03-29')).toEqual({ range: 'month', from: '2026-03-01', to: '2026-03-29' })
  })

  it('defaults an unknown or missing range to 7 days', () => {
    expect(readPeriod({}, '2026-11-23')).toEqual({ ok: true, period: { range: '7d', from: '2026-11-17', to: '2026-11-23' } })
    expect(readPeriod({ range: 'decade' }, '2026-11-23')).toMatchObject({ ok: true, period: { range: '7d' } })
    expect(readPeriod({ range: ['30d', '7d'] }, '2026-11-23')).toMatchObject({ ok: true, period: { range: '30d' } })
  })

  it('accepts a custom range up to exactly 2 years', () => {
    expect(readPeriod({ range: 'custom', from: '2024-11-23', to: '2026-11-23' }, '2026-11-23')).toEqual({
      ok: true,
      period: { range: 'custom', from: '2024-11-23', to: '2026-11-23' },
    })
  })

  it('refuses a bad custom range with a message per field', () => {
    const bad = (from: string, to: string) => readPeriod({ range: 'custom', from, to }, '2026-11-23')
    expect(bad('2026-11-02', '2026-11-01')).toEqual({
      ok: false,
      range: 'custom',
      from: '2026-11-02',
      to: '2026-11-01',
      fieldErrors: { to: 'The end date is before the start date' },
    })
    expect(bad('2024-11-22', '2026-11-23')).toMatchObject({ fieldErrors: { to: 'A report covers at most 2 years' } })
    expect(bad('2026-02-30', '2026-03-01')).toMatchObject({ fieldErrors: { from: 'Enter a real date' } })
    expect(bad('', '')).toMatchObject({ fieldErrors: { from: 'Enter a date', to: 'Enter a date' } })
    expect(bad('23/11/2026', '2026-11-23')).toMatchObject({ fieldErrors: { from: 'Enter a real date' } })
  })

  it('describes a period for a heading', () => {
    expect(describePeriod({ from: '2026-11-23', to: '2026-11-23' })).toBe('Mon 23 Nov 2026')
    expect(describePeriod({ from: '2026-11-17', to: '2026-11-23' })).toBe('17 Nov – 23 Nov 2026')
    expect(describePeriod({ from: '2025-12-30', to: '2026-01-05' })).toBe('30 Dec 2025 – 5 Jan 2026')
  })
})
