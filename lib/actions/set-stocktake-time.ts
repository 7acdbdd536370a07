'use server'

import { revalidatePath } from 'next/cache'
import { setSideTime } from '@/lib/data/stocktakes'
import { sideTimeSchema } from '@/lib/validations/stocktake'
import { validatedAction } from './validated-action'

/** The owner corrects a side's time by hand (or goes back to the photos' own times); the database checks it. */
export const setStocktakeTime = validatedAction(
  sideTimeSchema,
  async ({ session_id, side, time }, { supabase }) => {
    const result = await setSideTime(supabase, session_id, side, time || null)
    if (!result.ok) return { ...result, fieldErrors: { time: [result.message] } }
    revalidatePath(`/stocktakes/${session_id}`)
    revalidatePath('/upload')
    return { ok: true, message: time ? 'Time set by hand' : 'Back to the photos’ own times' }
  },
  { requireUser: true },
)
