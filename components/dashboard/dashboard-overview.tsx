'use client'

import Link from 'next/link'
import { ChartColumn, Download, RefreshCw, Settings } from 'lucide-react'
import { formatLongDate } from '@/lib/dashboard/format-when'
import type { LoadDashboardResult } from '@/lib/actions/load-dashboard'
import { useDashboard } from '@/lib/hooks/use-dashboard'
import { LinkPending } from '@/components/layout/link-pending'
import { Button } from '@/components/ui/button'
import { DashboardSkeleton } from './dashboard-skeleton'
import { LowStockAlerts } from './low-stock-alerts'
import { OpenStocktake } from './open-stocktake'
import { RecentActivity } from './recent-activity'
import { StatCards } from './stat-cards'

/** /dashboard: today's figures for the owner's shop, kept fresh without a reload. */
export function DashboardOverview({ initial }: { initial: LoadDashboardResult }) {
  const { state, retry } = useDashboard(initial)

  return (
    <main className="mx-auto grid w-full max-w-5xl content-start gap-4 px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold sm:text-3xl">Dashboard</h1>
          {state.status === 'ready' && (
            <p className="text-sm text-muted-foreground">
              Today, {formatLongDate(state.data.day.date)} ({state.data.timezone})
            </p>
          )}
        </div>
        {state.status === 'ready' && (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" className="relative">
              <Link href="/reports?range=7d" prefetch={false}>
                <ChartColumn aria-hidden="true" /> Reports
                <LinkPending />
              </Link>
            </Button>
            <Button asChild variant="outline" className="relative">
              <Link href="/settings" prefetch={false}>
                <Settings aria-hidden="true" /> Settings
                <LinkPending />
              </Link>
            </Button>
            <Button asChild variant="outline">
              <a href="/dashboard/report" download>
                <Download aria-hidden="true" /> Export Report
              </a>
            </Button>
          </div>
        )}
      </div>

      {state.status === 'loading' && <DashboardSkeleton />}

      {state.status === 'error' && (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 p-4">
          <p className="font-medium">{state.message}</p>
          {state.noShop ? (
            <Button asChild>
              <Link href="/">Create your shop</Link>
            </Button>
          ) : (
            <Button variant="outline" onClick={retry}>
              <RefreshCw aria-hidden="true" /> Try again
            </Button>
          )}
        </div>
      )}

      {state.status === 'ready' && (
        <>
          {state.stale && (
            <p role="status" className="text-sm text-destructive">
              Could not refresh: these figures may be out of date.{' '}
              <button type="button" onClick={retry} className="min-h-11 underline underline-offset-4">
                Try again
              </button>
            </p>
          )}
          {state.data.open_stocktake && <OpenStocktake stocktake={state.data.open_stocktake} />}
          <StatCards summary={state.data} />
          <div className="grid gap-4 md:grid-cols-2">
            <LowStockAlerts summary={state.data} />
            <RecentActivity summary={state.data} />
          </div>
        </>
      )}
    </main>
  )
}
