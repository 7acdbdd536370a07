import {
  ChartColumn,
  ClipboardList,
  Download,
  LayoutDashboard,
  Camera,
  Package,
  QrCode,
  ScanBarcode,
  Settings,
  ShoppingCart,
  Truck,
  Upload,
  type LucideIcon,
} from 'lucide-react'
import { runsShop, type Role } from '@/lib/shops/roles'

export interface AppLink {
  href: string
  label: string
  icon: LucideIcon
  /** the route answers with a file, not a page: a plain download link */
  file?: boolean
  /** for the owner and managers only (costs, reports, buying, Settings): not shown to staff */
  runsShop?: boolean
}

const SUPPLIERS: AppLink = { href: '/app/suppliers', label: 'Suppliers', icon: Truck, runsShop: true }
const REORDER: AppLink = { href: '/app/reorder', label: 'Reorder', icon: ShoppingCart, runsShop: true }
const ORDERS: AppLink = { href: '/app/purchase-orders', label: 'Orders', icon: ClipboardList, runsShop: true }

/** The app's tabs: along the bottom of a phone's screen (each as wide as the bar shares out), in the header above that. */
export const TABS: readonly AppLink[] = [
  { href: '/app/products', label: 'Products', icon: Package },
  { href: '/scan', label: 'Scan', icon: ScanBarcode },
  { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, runsShop: true },
  { href: '/upload', label: 'Upload Photos', icon: Camera },
]

/** Every other page of the app, under the last tab, "More". */
export const MORE_LINKS: readonly AppLink[] = [
  { href: '/reports', label: 'Reports', icon: ChartColumn, runsShop: true },
  ORDERS,
  REORDER,
  SUPPLIERS,
  // for staff too: their own two-factor sign-in (a manager asked for it works as staff until it is on)
  { href: '/settings', label: 'Settings', icon: Settings },
]

/** The catalogue's tools, in the menu at the top of /app/products. */
export const CATALOGUE_TOOLS: readonly AppLink[] = [
  { href: '/app/products/import', label: 'Import CSV', icon: Upload, runsShop: true },
  { href: '/app/products/export', label: 'Export CSV', icon: Download, file: true, runsShop: true },
  { href: '/app/products/labels', label: 'Print labels', icon: QrCode },
  SUPPLIERS,
  REORDER,
  ORDERS,
]

/** Pages with their own bar at the bottom of the screen (the stocktake review's totals and Confirm): no tab bar there on a phone. */
export const WITHOUT_TAB_BAR: readonly string[] = ['/stocktakes/']

/** The links a member with this role can use; all of them before there is a shop (and a role). */
export const linksFor = (links: readonly AppLink[], role: Role | null) => (role === null || runsShop(role) ? links : links.filter((link) => !link.runsShop))

export const isCurrent = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`)
