'use server'

import { after } from 'next/server'
import type { Analyser } from '@/lib/counting/analyser'
import { pickAnalyser } from '@/lib/counting/pick-analyser'
import { listPhotos, updateStocktake } from '@/lib/data/stocktakes'
import { runAnalysis } from '@/lib/stocktakes/run-analysis'
import { createClient } from '@/lib/supabase/server'
import { MISSING_IMAGES, stocktakeSchema } from '@/lib/validations/stocktake'
import { openStocktake } from './stocktake-access'
import { validatedAction } from './validated-action'

/** An analysis that has said nothing for this long died with its server; it may be started again. */
const STALE_MS = 10 * 60 * 1000

/**
 * Starts the analysis as a job: the session is marked 'analysing' and the work
 * runs after the response (on a serverless host, until the function's time
 * limit); the page follows it through stocktakeProgress.
 */
export const analyseStocktake = validatedAction(
  stocktakeSchema,
  async ({ session_id }, { supabase }) => {
    const open = await openStocktake(supabase, session_id, ['uploading', 'failed', 'analysing'], 'This stocktake has already been analysed.')
    if (!open.ok) return { ok: false, message: open.message }
    const { session } = open
    const started = session.analysis_started_at ? Date.parse(session.analysis_started_at) : 0
    if (session.status === 'analysing' && Date.now() - started < STALE_MS) return { ok: true, message: 'The analysis is already running' }
    const photos = await listPhotos(supabase, session.id)
    const start = photos.filter((photo) => photo.side === 'start')
    const end = photos.filter((photo) => photo.side === 'end')
    if (start.length === 0 || end.length === 0) return { ok: false, message: MISSING_IMAGES.description }
    const startedAt = Math.min(...start.map((photo) => Date.parse(photo.taken_at)))
    const endedAt = Math.max(...end.map((photo) => Date.parse(photo.taken_at)))
    if (endedAt < startedAt) {
      return { ok: false, message: 'The End of Day photos were taken before the Start of Day photos. Check which side each photo is on.' }
    }
    let analyser: Analyser
    try {
      analyser = pickAnalyser()
    } catch (error) {
      console.error('Photo counting is misconfigured', error)
      return { ok: false, message: 'Photo counting is not set up correctly on the server. Nothing was changed; tell whoever runs ShelfSnap.' }
    }
    await updateStocktake(supabase, session.id, {
      status: 'analysing',
      error: null,
      started_at: new Date(startedAt).toISOString(),
      ended_at: new Date(endedAt).toISOString(),
      analysis_started_at: new Date().toISOString(),
    })
    const analysing = { ...session, status: 'analysing' as const }
    after(async () => runAnalysis(await createClient(), analysing, analyser))
    return { ok: true, message: 'Analysis started' }
  },
  { requireUser: true },
)
