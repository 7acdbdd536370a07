import { describe, expect, it } from 'vitest'
import { describePeriod, periodQuery, readPeriod } from './period'

describe('report periods', () => {
  it('reads a preset, and defaults an unknown or missing one to 7 days', () => {
    expect(readPeriod({ range: '30d' })).toEqual({ ok: true, request: { range: '30d' } })
    expect(readPeriod({})).toEqual({ ok: true, request: { range: '7d' } })
    expect(readPeriod({ range: 'decade' })).toEqual({ ok: true, request: { range: '7d' } })
    expect(readPeriod({ range: ['month', '7d'] })).toEqual({ ok: true, request: { range: 'month' } })
  })

  it('accepts a custom range up to exactly 2 years, and writes it back as an address', () => {
    const read = readPeriod({ range: 'custom', from: '2024-11-23', to: '2026-11-23' })
    expect(read).toEqual({ ok: true, request: { range: 'custom', from: '2024-11-23', to: '2026-11-23' } })
    expect(read.ok && periodQuery(read.request)).toBe('range=custom&from=2024-11-23&to=2026-11-23')
    expect(periodQuery({ range: 'today' })).toBe('range=today')
  })

  it('refuses a bad custom range with a message per field', () => {
    const bad = (from: string, to: string) => readPeriod({ range: 'custom', from, to })
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
