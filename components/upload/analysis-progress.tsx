'use client'

import { RotateCw, TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { RunState } from './use-stocktake-upload'

/** Where the upload and the analysis job are, read out to screen readers as it changes. */
export function AnalysisProgress({ state, onRetry }: { state: RunState; onRetry: () => void }) {
  const percent = state.total > 0 ? Math.round((state.done / state.total) * 100) : 0
  return (
    <div aria-live="polite" className="grid gap-3">
      {(state.phase === 'uploading' || state.phase === 'analysing') && (
        <div className="grid gap-2 rounded-xl border bg-card p-4">
          <p className="font-medium">{state.step}…</p>
          <div
            role="progressbar"
            aria-label={state.phase === 'uploading' ? 'Upload progress' : 'Analysis progress'}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.max(percent, 4)}%` }} />
          </div>
        </div>
      )}
      {state.phase === 'failed' && state.error && (
        <div role="alert" className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
          <p className="flex items-start gap-2 text-destructive">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {state.error}
          </p>
          {state.sessionId && (
            <Button variant="outline" className="justify-self-start" onClick={onRetry}>
              <RotateCw aria-hidden="true" />
              Try the analysis again
            </Button>
          )}
        </div>
      )}
    </div>
  )
}
