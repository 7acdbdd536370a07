import type { Metadata } from 'next'
import { DashboardOverview } from '@/components/dashboard/dashboard-overview'
import { loadDashboard } from '@/lib/actions/load-dashboard'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'

export const metadata: Metadata = { title: 'Dashboard' }

// The figures come with the page; the client component keeps them fresh.
export default async function DashboardPage() {
  const { shop } = await requireShop('/dashboard')
  if (!runsShop(shop.role)) return <RoleRequired page="The dashboard" shop={shop} />
  return <DashboardOverview initial={await loadDashboard()} />
}
