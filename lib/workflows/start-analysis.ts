import 'server-only'
import { after } from 'next/server'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Analyser } from '@/lib/counting/analyser'
import { analyserFor } from '@/lib/counting/pick-analyser'
import { isAnonymousClaims } from '@/lib/demo/demo-visitor'
import { retryFailedPhotos } from '@/lib/data/stocktake-photos'
import { createClient } from '@/lib/supabase/server'
import { runAnalysis } from './run-analysis'

/** The counting job's Supabase calls: a photo download or a busy database may take a while. */
const JOB_DEADLINE_MS = 60_000

export const MISCONFIGURED = 'Photo counting is not set up correctly on the server. Nothing was changed; tell whoever runs ShelfSnap.'

/**
 * Counts the stocktake's photos that are waiting (and those that failed, once
 * more) in a job that runs after the response (on a serverless host, until
 * the function's time limit); pages follow it through stocktakeProgress.
 */
export async function startAnalysis(supabase: SupabaseClient, sessionId: string): Promise<{ ok: true } | { ok: false; message: string }> {
  let analyser: Analyser
  const { data } = await supabase.auth.getClaims()
  try {
    analyser = analyserFor(isAnonymousClaims(data?.claims))
  } catch (error) {
    console.error('Photo counting is misconfigured', error)
    return { ok: false, message: MISCONFIGURED }
  }
  await retryFailedPhotos(supabase, sessionId)
  after(async () => runAnalysis(await createClient({ deadlineMs: JOB_DEADLINE_MS }), sessionId, analyser))
  return { ok: true }
}
