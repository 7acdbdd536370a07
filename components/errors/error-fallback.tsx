'use client'

import { useEffect } from 'react'
import { Button } from '@/components/ui/button'
import { OUTAGE_DIGEST_PREFIX, OUTAGE_TITLE } from '@/lib/http/outage'

interface Props {
  error: unknown
  retry: () => void
}

// Outage retries back off 2, 4, 8, 16 then every 30 s for as long as this page stays open.
let outageAttempts = 0

function digestOf(error: unknown): string | undefined {
  const digest = (error as { digest?: unknown } | null)?.digest
  return typeof digest === 'string' ? digest : undefined
}

/** What every error boundary shows: a plain message and a reference, never the error itself. */
export function ErrorFallback({ error, retry }: Props) {
  const digest = digestOf(error)
  const outage = digest?.startsWith(OUTAGE_DIGEST_PREFIX) ?? false
  const seconds = Math.min(2 ** (outageAttempts + 1), 30)

  useEffect(() => {
    if (!outage) return
    const timer = setTimeout(() => {
      outageAttempts += 1
      retry()
    }, seconds * 1000)
    return () => clearTimeout(timer)
  }, [outage, retry, seconds])

  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{outage ? OUTAGE_TITLE : 'Something went wrong'}</h1>
      <p role="status" className="max-w-md text-muted-foreground">
        {outage
          ? `Your data is safe and you are still signed in. ShelfSnap will try again in ${seconds} seconds.`
          : 'ShelfSnap could not show this page. Please try again.'}
      </p>
      {digest && (
        <p className="text-sm text-muted-foreground">
          Reference: <code>{digest}</code>
        </p>
      )}
      <Button onClick={() => retry()}>Try again</Button>
    </main>
  )
}
