'use client'

import { LayoutDashboard } from 'lucide-react'

// Real figures come from the stock ledger in a later issue; no demo numbers are shown.
export function DashboardOverview() {
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Dashboard</h1>
      <div className="flex items-center gap-3 rounded-xl border border-dashed p-6 text-muted-foreground">
        <LayoutDashboard aria-hidden="true" className="size-8 shrink-0" />
        <p>Your daily stock reports will appear here.</p>
      </div>
    </main>
  )
}
