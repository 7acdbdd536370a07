'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { analyseStocktake, countPhotoOnServer } from '@/lib/actions/analyse-stocktake'
import { stocktakeProgress, type StocktakeProgress } from '@/lib/actions/stocktake-progress'
import type { OpenStocktakeView } from '@/lib/workflows/open-stocktake-view'
import { MISSING_IMAGES } from '@/lib/stocktakes/photo-limits'
import { reviewable } from '@/lib/stocktakes/stage'
import { form } from './store-stock-photo'

const POLL_MS = 1000
type Progress = Extract<StocktakeProgress, { ok: true }>
type Sides = Pick<Progress, 'stage' | 'start' | 'end'>

const signature = ({ stage, start, end }: { stage: string; start: Sides['start']; end: Sides['end'] }) =>
  JSON.stringify([stage, start.photos, start.counting, start.failed, start.codes, end.photos, end.counting, end.failed, end.codes])

/** While photos are being counted, asks how far the job is and refreshes the page whenever something changed. */
export function useFollowCounting(view: OpenStocktakeView | null) {
  const router = useRouter()
  const shown = view ? signature({ stage: view.stage, start: view.start.state, end: view.end.state }) : null
  useEffect(() => {
    if (!view || view.stage !== 'counting') return
    let timer: ReturnType<typeof setTimeout>
    const tick = async () => {
      const progress = await stocktakeProgress(view.id).catch(() => null)
      if (progress?.ok && signature(progress) !== shown) return router.refresh()
      timer = setTimeout(tick, POLL_MS)
    }
    timer = setTimeout(tick, POLL_MS)
    return () => clearTimeout(timer)
  }, [view, shown, router])
}

export interface AnalyseRun {
  phase: 'idle' | 'analysing' | 'failed'
  done: number
  total: number
  error: string | null
}

const idle: AnalyseRun = { phase: 'idle', done: 0, total: 0, error: null }

/** Analyze Inventory: every photo counted (any still waiting, now), then on to the review. */
export function useAnalyse(sessionId: string | null) {
  const router = useRouter()
  const [run, setRun] = useState<AnalyseRun>(idle)
  const alive = useRef(true)
  // Trap: React's strict mode (npm run dev) mounts, unmounts and mounts again; the second mount
  // must say alive again, or Analyze Inventory stops polling and spins for ever.
  useEffect(() => {
    alive.current = true
    return () => void (alive.current = false)
  }, [])

  const fail = useCallback((message: string) => {
    setRun({ ...idle, phase: 'failed', error: message })
    // The server's own check that both sides have a photo gets the spec's toast.
    toast.error(message === MISSING_IMAGES.description ? MISSING_IMAGES.title : 'Analysis failed', { description: message })
  }, [])

  const analyse = useCallback(async () => {
    if (!sessionId) return fail(MISSING_IMAGES.description)
    toast.success('Analysis started', { description: 'Counting the labels in your photos.' })
    setRun({ ...idle, phase: 'analysing' })
    const started = await analyseStocktake(initialActionState, form({ session_id: sessionId })).catch((error: unknown) => ({ ok: false, message: String(error) }))
    if (!started.ok) return fail(started.message ?? 'The analysis could not start')
    while (alive.current) {
      const progress = await stocktakeProgress(sessionId).catch((error: unknown) => ({ ok: false as const, message: String(error) }))
      if (!progress.ok) return fail(progress.message)
      if (reviewable(progress.stage)) {
        toast.success('Analysis complete', { description: 'Check the counts, then confirm them.' })
        return router.push(`/stocktakes/${sessionId}`)
      }
      if (progress.stage !== 'counting') return fail(progress.problem ?? MISSING_IMAGES.description)
      const total = progress.start.photos + progress.end.photos
      setRun({ ...idle, phase: 'analysing', done: total - progress.start.counting - progress.end.counting, total })
      await new Promise((resume) => setTimeout(resume, POLL_MS))
    }
  }, [fail, router, sessionId])

  const reset = useCallback(() => setRun(idle), [])
  return { run, analyse, reset }
}

/** "Count again on the server": the server's count of one photo replaces the phone's; the page follows it as it counts. */
export function useCountAgain(sessionId: string | null) {
  const router = useRouter()
  return useCallback(
    async (photoId: string) => {
      if (!sessionId) return
      const result = await countPhotoOnServer(initialActionState, form({ session_id: sessionId, photo_id: photoId })).catch((error: unknown) => ({ ok: false, message: String(error) }))
      if (!result.ok) toast.error('Not counted again', { description: result.message })
      router.refresh()
    },
    [router, sessionId],
  )
}
