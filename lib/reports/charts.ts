import { format, parseISO } from 'date-fns'
import { formatMoney } from '@/lib/format/money'
import { plural } from '@/lib/format/plural'
import { UNKNOWN_COST } from './figure-rows'
import type { ShopReport } from './report'

// The report's three charts as data: points, a summary in words and the table
// that stands beside each drawing. Pure, so the words are tested.

export interface ChartData {
  id: string
  title: string
  summary: string
  seriesLabel: string
  points: { label: string; value: number }[]
  table: { headers: string[]; rows: string[][] }
}

// Dates come from the report as 'YYYY-MM-DD' (to_char in SQL); parseISO reads them as local days.
const short = (date: string) => format(parseISO(date), 'd MMM')
const long = (date: string) => format(parseISO(date), 'EEE d MMM')

export function salesChart(report: ShopReport): ChartData {
  const money = (value: number) => formatMoney(value, report.currency)
  const best = report.daily.reduce<ShopReport['daily'][number] | null>((top, row) => (row[1] > (top?.[1] ?? 0) ? row : top), null)
  const total = report.daily.reduce((sum, [, sold]) => sum + sold, 0)
  return {
    id: 'sales-per-day',
    title: 'Sales per day',
    summary:
      total === 0
        ? `No sales recorded in ${plural(report.daily.length, 'day')}.`
        : `${plural(total, 'unit')} sold in ${plural(report.daily.length, 'day')}; the best day was ${long(best![0])} with ${best![1]}.`,
    seriesLabel: 'Units sold',
    points: report.daily.map(([date, sold]) => ({ label: short(date), value: sold })),
    table: { headers: ['Day', 'Units sold', 'Sales value'], rows: report.daily.map(([date, sold, sales]) => [long(date), String(sold), money(sales)]) },
  }
}

export function stockValueChart(report: ShopReport): ChartData {
  const money = (value: number) => formatMoney(value, report.currency)
  const { value_start: start, value_end: end, costed_products: costed } = report.stock
  const change = end - start
  return {
    id: 'stock-value',
    title: 'Stock value over time',
    summary:
      costed === 0
        ? 'No product has a cost yet, so the stock has no value at cost: set costs to see it.'
        : `At cost, from ${money(start)} at the start to ${money(end)} at the end (${change >= 0 ? 'up' : 'down'} ${money(Math.abs(change))}).`,
    seriesLabel: 'Stock value',
    points: report.daily.map(([date, , , value]) => ({ label: short(date), value })),
    table: { headers: ['End of day', 'Stock value'], rows: report.daily.map(([date, , , value]) => [long(date), money(value)]) },
  }
}

export function shrinkageChart(report: ShopReport): ChartData {
  const money = (value: number | null) => formatMoney(value, report.currency)
  const units = report.weekly_shrinkage.reduce((sum, [, u]) => sum + u, 0)
  const value = report.weekly_shrinkage.reduce((sum, [, , v]) => sum + (v ?? 0), 0)
  const uncosted = report.weekly_shrinkage.some(([, , v]) => v === null)
  return {
    id: 'shrinkage-per-week',
    title: 'Shrinkage per week',
    summary:
      units === 0
        ? 'No photo stocktake in this period found units missing.'
        : `${plural(units, 'missing unit')} over ${plural(report.weekly_shrinkage.length, 'week')}, ${money(value)} at cost.` +
          (uncosted ? ` ${UNKNOWN_COST}` : ''),
    seriesLabel: 'Missing units',
    points: report.weekly_shrinkage.map(([week, u]) => ({ label: `w/c ${short(week)}`, value: u })),
    table: {
      headers: ['Week from', 'Missing units', 'Value at cost'],
      rows: report.weekly_shrinkage.map(([week, u, v]) => [long(week), String(u), money(v)]),
    },
  }
}
