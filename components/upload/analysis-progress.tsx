'use client'

import { RotateCw, TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { plural } from '@/lib/format/plural'
import type { AnalyseRun } from './use-stocktake-progress'

/** How far Analyze Inventory is, read out to screen readers as it changes; or what went wrong. */
export function AnalysisProgress({ run, problem, onRetry }: { run: AnalyseRun; problem: string | null; onRetry: () => void }) {
  const percent = run.total > 0 ? Math.round((run.done / run.total) * 100) : 0
  const error = run.phase === 'failed' ? run.error : problem
  return (
    <div aria-live="polite" className="grid gap-3">
      {run.phase === 'analysing' && (
        <div className="grid gap-2 rounded-xl border bg-card p-4">
          <p className="font-medium">{run.total > 0 ? `Counted ${run.done} of ${plural(run.total, 'photo')}…` : 'Counting the photos…'}</p>
          <div
            role="progressbar"
            aria-label="Analysis progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.max(percent, 4)}%` }} />
          </div>
        </div>
      )}
      {run.phase !== 'analysing' && error && (
        <div role="alert" className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
          <p className="flex items-start gap-2 text-destructive">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {error}
          </p>
          <Button variant="outline" className="justify-self-start" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Try the analysis again
          </Button>
        </div>
      )}
    </div>
  )
}
