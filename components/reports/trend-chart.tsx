'use client'

import { Area, AreaChart, Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts'
import { ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart'
import { formatMoney } from '@/lib/format/money'
import { formatCount } from '@/lib/format/count'

export interface TrendChartProps {
  id: string
  title: string
  /** the chart in words, for everyone and for screen readers (the drawing itself is hidden from them) */
  summary: string
  /** bars per day or week; a step line for a level that holds until it changes (the stock value) */
  kind: 'bar' | 'step'
  format: 'units' | 'money'
  currency: string
  seriesLabel: string
  color: string
  points: { label: string; value: number }[]
  table: { headers: string[]; rows: string[][] }
}

/** One series over time, with its summary and its figures as a table beside it. */
export function TrendChart({ id, title, summary, kind, format, currency, seriesLabel, color, points, table }: TrendChartProps) {
  const config: ChartConfig = { value: { label: seriesLabel, color } }
  const show = (value: number) => (format === 'money' ? formatMoney(value, currency) : formatCount(value))
  const tick = (value: number) => (format === 'money' ? formatMoney(value, currency).replace(/\.00$/, '') : String(value))
  const axis = { tickLine: false, axisLine: false, tickMargin: 6, minTickGap: 16 } as const
  const tooltip = <ChartTooltip content={<ChartTooltipContent valueFormatter={show} />} />
  return (
    <figure aria-labelledby={`${id}-title`} className="grid min-w-0 gap-2 rounded-xl border p-3 sm:p-4 print:break-inside-avoid">
      <figcaption className="grid gap-1">
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{summary}</p>
      </figcaption>
      <div aria-hidden="true">
        <ChartContainer config={config} className="aspect-[16/9] sm:aspect-[2/1]">
          {kind === 'bar' ? (
            <BarChart data={points} margin={{ left: 0, right: 4, top: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} />
              <XAxis dataKey="label" {...axis} />
              <YAxis width={44} allowDecimals={false} tickFormatter={tick} {...axis} />
              {tooltip}
              <Bar dataKey="value" fill="var(--color-value)" radius={3} isAnimationActive={false} />
            </BarChart>
          ) : (
            <AreaChart data={points} margin={{ left: 0, right: 4, top: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} />
              <XAxis dataKey="label" {...axis} />
              <YAxis width={52} tickFormatter={tick} {...axis} />
              {tooltip}
              <Area dataKey="value" type="stepAfter" stroke="var(--color-value)" fill="var(--color-value)" fillOpacity={0.15} isAnimationActive={false} />
            </AreaChart>
          )}
        </ChartContainer>
      </div>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer content-center font-medium">Show the figures</summary>
        <div className="max-h-72 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {table.headers.map((header, i) => (
                  <th key={header} scope="col" className={i > 0 ? 'py-1 text-right' : 'py-1'}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {table.rows.map(([first, ...rest]) => (
                <tr key={first} className="border-t">
                  <th scope="row" className="py-1 font-normal">
                    {first}
                  </th>
                  {rest.map((cell, i) => (
                    <td key={i} className="py-1 text-right">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
