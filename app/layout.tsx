import type { Metadata, Viewport } from 'next'
import { connection } from 'next/server'
import type { ReactNode } from 'react'
import { NavBar } from '@/components/layout/nav-bar'
import { AppUpdate } from '@/components/offline/app-update'
import { OfflineBanner } from '@/components/offline/offline-banner'
import { OfflineProvider } from '@/components/offline/offline-provider'
import { LiveNotice } from '@/components/realtime/live-notice'
import { Toaster } from '@/components/ui/sonner'
import { getCurrentUser } from '@/lib/auth/current-user'
import { THEME_COLOR, TITLE_TEMPLATE } from '@/lib/brand'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'ShelfSnap', template: TITLE_TEMPLATE },
  description: 'Snap your shelves, know your stock. Inventory tracking for small shops.',
  applicationName: 'ShelfSnap',
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: THEME_COLOR,
}

// Every page is rendered per request: the CSP nonce the proxy makes must reach Next's scripts.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection()
  const user = await getCurrentUser()
  // A server component renders once per request: this is when the page was read (shown offline).
  // eslint-disable-next-line react-hooks/purity
  const renderedAt = Date.now()
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        {/* The signed-in user's outbox and the connection, for every page (the counter works offline). */}
        <OfflineProvider userId={user?.id ?? null} renderedAt={renderedAt}>
          <NavBar />
          <AppUpdate />
          <OfflineBanner />
          <LiveNotice />
          <div className="flex flex-1 flex-col">{children}</div>
        </OfflineProvider>
        <Toaster />
      </body>
    </html>
  )
}
