import { addYears, format, isValid, parse, startOfMonth, subDays } from 'date-fns'
import { z } from 'zod'

// A report's period: whole days on the shop's calendar, from and to inclusive.
// Dates are calendar dates ("2026-11-23"), never instants: the database turns
// them into the shop's local midnights.

export const PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: 'month', label: 'This month' },
] as const

export type PresetId = (typeof PRESETS)[number]['id']
export type RangeId = PresetId | 'custom'

export interface Period {
  range: RangeId
  from: string
  to: string
}

const DATE = 'yyyy-MM-dd'
const toDate = (value: string) => parse(value, DATE, new Date(2000, 0, 1))
const toText = (date: Date) => format(date, DATE)

/** The date it is now on the shop's clock. */
export function shopToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

export function presetPeriod(range: PresetId, today: string): Period {
  const day = toDate(today)
  switch (range) {
    case 'today':
      return { range, from: today, to: today }
    case 'yesterday': {
      const yesterday = toText(subDays(day, 1))
      return { range, from: yesterday, to: yesterday }
    }
    case '7d':
      return { range, from: toText(subDays(day, 6)), to: today }
    case '30d':
      return { range, from: toText(subDays(day, 29)), to: today }
    case 'month':
      return { range, from: toText(startOfMonth(day)), to: today }
  }
}

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(toDate(value)) && toText(toDate(value)) === value

const calendarDate = z.string({ error: 'Enter a date' }).trim().min(1, 'Enter a date').refine(isCalendarDate, 'Enter a real date')

// The range checks compare only real dates: a field's own message comes first.
const bothDates = ({ from, to }: { from: string; to: string }) => isCalendarDate(from) && isCalendarDate(to)

export const customPeriodSchema = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((p) => !bothDates(p) || p.to >= p.from, { message: 'The end date is before the start date', path: ['to'] })
  .refine((p) => !bothDates(p) || p.to <= toText(addYears(toDate(p.from), 2)), { message: 'A report covers at most 2 years', path: ['to'] })

export type PeriodResult =
  | { ok: true; period: Period }
  | { ok: false; range: 'custom'; from: string; to: string; fieldErrors: { from?: string; to?: string } }

/**
 * The period a /reports address asks for: ?range=7d, or ?range=custom&from=…&to=…
 * (a bad custom range comes back with its messages); anything else is 7 days.
 */
export function readPeriod(params: Record<string, string | string[] | undefined>, today: string): PeriodResult {
  const one = (key: string) => {
    const value = params[key]
    return Array.isArray(value) ? value[0] : value
  }
  const range = one('range')
  if (range !== 'custom') {
    const preset = PRESETS.find((p) => p.id === range)?.id ?? '7d'
    return { ok: true, period: presetPeriod(preset, today) }
  }
  const from = one('from') ?? ''
  const to = one('to') ?? ''
  const parsed = customPeriodSchema.safeParse({ from, to })
  if (parsed.success) return { ok: true, period: { range: 'custom', ...parsed.data } }
  const fieldErrors: { from?: string; to?: string } = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'from' ? 'from' : 'to'
    fieldErrors[key] ??= issue.message
  }
  return { ok: false, range: 'custom', from, to, fieldErrors }
}

/** "7 days: 17–23 Nov 2026", for headings and file names' readers. */
export function describePeriod({ from, to }: Pick<Period, 'from' | 'to'>): string {
  const start = toDate(from)
  const end = toDate(to)
  if (from === to) return format(start, 'EEE d MMM yyyy')
  const sameYear = start.getFullYear() === end.getFullYear()
  return `${format(start, sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(end, 'd MMM yyyy')}`
}
