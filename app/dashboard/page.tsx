import type { Metadata } from 'next'
import { DashboardOverview } from '@/components/dashboard/dashboard-overview'
import { loadDashboard } from '@/lib/actions/load-dashboard'

export const metadata: Metadata = { title: 'Dashboard' }

// The figures come with the page; the client component keeps them fresh.
export default async function DashboardPage() {
  return <DashboardOverview initial={await loadDashboard()} />
}
