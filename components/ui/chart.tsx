'use client'

// shadcn/ui's chart primitives on recharts: a container that sizes the chart and
// gives each series a --color-<key> variable from the config, and a tooltip in
// the app's style. Trimmed to what the app uses (no themes, no legend).

import { createContext, useContext, useId, type ComponentProps, type CSSProperties, type ReactNode } from 'react'
import * as Recharts from 'recharts'
import { cn } from '@/lib/utils'

export type ChartConfig = Record<string, { label: ReactNode; color: string }>

const ChartContext = createContext<ChartConfig | null>(null)

function useChartConfig(): ChartConfig {
  const config = useContext(ChartContext)
  if (!config) throw new Error('useChartConfig must be used within a <ChartContainer />')
  return config
}

export function ChartContainer({
  config,
  className,
  children,
  style,
  ...props
}: ComponentProps<'div'> & { config: ChartConfig; children: ComponentProps<typeof Recharts.ResponsiveContainer>['children'] }) {
  const id = useId()
  const colours = Object.fromEntries(Object.entries(config).map(([key, { color }]) => [`--color-${key}`, color])) as CSSProperties
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        data-chart={id}
        style={{ ...colours, ...style }}
        className={cn(
          'flex aspect-video w-full min-w-0 justify-center text-xs',
          '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border/60',
          "[&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-hidden [&_.recharts-layer]:outline-hidden",
          className,
        )}
        {...props}
      >
        <Recharts.ResponsiveContainer>{children}</Recharts.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  )
}

export const ChartTooltip = Recharts.Tooltip

interface TooltipEntry {
  dataKey?: string | number | ((row: unknown) => unknown)
  value?: number | string | readonly (number | string)[]
  color?: string
}

export function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter,
  valueFormatter = (value) => String(value),
}: {
  active?: boolean
  payload?: readonly TooltipEntry[]
  label?: ReactNode
  labelFormatter?: (label: ReactNode) => ReactNode
  valueFormatter?: (value: number, key: string) => ReactNode
}) {
  const config = useChartConfig()
  if (!active || !payload?.length) return null
  return (
    <div className="grid min-w-32 gap-1.5 rounded-lg border bg-background px-2.5 py-1.5 text-xs shadow-xl">
      <div className="font-medium">{labelFormatter ? labelFormatter(label) : label}</div>
      {payload.map((entry) => {
        const key = String(entry.dataKey)
        return (
          <div key={key} className="flex items-center gap-2">
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-[2px]" style={{ background: entry.color ?? `var(--color-${key})` }} />
            <span className="text-muted-foreground">{config[key]?.label ?? key}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">{valueFormatter(Number(entry.value), key)}</span>
          </div>
        )
      })}
    </div>
  )
}
