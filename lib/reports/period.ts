import { addYears, format, isValid, parse } from 'date-fns'
import { z } from 'zod'

// A report's period: whole days on the shop's calendar, from and to inclusive.
// A preset names days ending today on the shop's clock, which only the
// database knows (shop_report() turns it into dates); a custom range is two
// calendar dates ("2026-11-23"), checked here for the form and again there.

export const PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: 'month', label: 'This month' },
] as const

export type PresetId = (typeof PRESETS)[number]['id']
export type RangeId = PresetId | 'custom'

/** What a report is asked for: a preset, or custom days. */
export type PeriodRequest = { range: PresetId } | { range: 'custom'; from: string; to: string }

const DATE = 'yyyy-MM-dd'
const toDate = (value: string) => parse(value, DATE, new Date(2000, 0, 1))
const toText = (date: Date) => format(date, DATE)

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(toDate(value)) && toText(toDate(value)) === value

const calendarDate = z.string({ error: 'Enter a date' }).trim().min(1, 'Enter a date').refine(isCalendarDate, 'Enter a real date')

// The range checks compare only real dates: a field's own message comes first.
const bothDates = ({ from, to }: { from: string; to: string }) => isCalendarDate(from) && isCalendarDate(to)

export const customPeriodSchema = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((p) => !bothDates(p) || p.to >= p.from, { message: 'The end date is before the start date', path: ['to'] })
  .refine((p) => !bothDates(p) || p.to <= toText(addYears(toDate(p.from), 2)), { message: 'A report covers at most 2 years', path: ['to'] })

export type PeriodResult =
  | { ok: true; request: PeriodRequest }
  | { ok: false; range: 'custom'; from: string; to: string; fieldErrors: { from?: string; to?: string } }

/**
 * The period a /reports address asks for: ?range=7d, or ?range=custom&from=…&to=…
 * (a bad custom range comes back with its messages); anything else is 7 days.
 */
export function readPeriod(params: Record<string, string | string[] | undefined>): PeriodResult {
  const one = (key: string) => {
    const value = params[key]
    return Array.isArray(value) ? value[0] : value
  }
  const range = one('range')
  if (range !== 'custom') return { ok: true, request: { range: PRESETS.find((p) => p.id === range)?.id ?? '7d' } }
  const from = one('from') ?? ''
  const to = one('to') ?? ''
  const parsed = customPeriodSchema.safeParse({ from, to })
  if (parsed.success) return { ok: true, request: { range: 'custom', ...parsed.data } }
  const fieldErrors: { from?: string; to?: string } = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'from' ? 'from' : 'to'
    fieldErrors[key] ??= issue.message
  }
  return { ok: false, range: 'custom', from, to, fieldErrors }
}

/** The address of a period's report or its export: what readPeriod() reads back. */
export function periodQuery(request: PeriodRequest): string {
  return new URLSearchParams(request.range === 'custom' ? { range: 'custom', from: request.from, to: request.to } : { range: request.range }).toString()
}

/** "17 Nov – 23 Nov 2026", or "Mon 23 Nov 2026" for one day. */
export function describePeriod({ from, to }: { from: string; to: string }): string {
  const start = toDate(from)
  const end = toDate(to)
  if (from === to) return format(start, 'EEE d MMM yyyy')
  const sameYear = start.getFullYear() === end.getFullYear()
  return `${format(start, sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(end, 'd MMM yyyy')}`
}

/** A period sent with a form (range, and from and to when custom), as a server action reads it. */
export const periodRequestSchema = z
  .object({ range: z.string().optional(), from: z.string().optional(), to: z.string().optional() })
  .transform((fields, ctx): PeriodRequest => {
    const read = readPeriod(fields)
    if (read.ok) return read.request
    for (const [field, message] of Object.entries(read.fieldErrors)) ctx.addIssue({ code: 'custom', message, path: [field] })
    return z.NEVER
  })
