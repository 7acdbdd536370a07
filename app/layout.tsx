import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { NavBar } from '@/components/layout/nav-bar'
import { Toaster } from '@/components/ui/sonner'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'ShelfSnap', template: '%s · ShelfSnap' },
  description: 'Snap your shelves, know your stock. Inventory tracking for small shops.',
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#3b3fb5',
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <NavBar />
        <div className="flex flex-1 flex-col pb-20 md:pb-0">{children}</div>
        <Toaster />
      </body>
    </html>
  )
}
