'use client'

import { ErrorFallback } from '@/components/errors/error-fallback'
import './globals.css'

// Replaces the root layout when it fails, so it brings its own document.
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <title>ShelfSnap</title>
        <ErrorFallback error={error} retry={retry} />
      </body>
    </html>
  )
}
