'use client'

import { ErrorFallback } from '@/components/errors/error-fallback'

// Next logs the error itself (with this digest) on the server; the screen shows only the reference.
export default function AppError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorFallback error={error} retry={retry} />
}
