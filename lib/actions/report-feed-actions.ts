'use server'

import { headers } from 'next/headers'
import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { rotateReportFeed } from '@/lib/data/report-feeds'
import { linkOrigin } from '@/lib/delivery/site-url'
import type { ActionState } from './action-state'
import { validatedAction } from './validated-action'

export interface FeedActionState extends ActionState {
  /** the =IMPORTDATA formulas with the new link, shown once: only the token's hash is kept */
  formulas?: { report: string; stock: string }
}

/** A new secret feed link for Google Sheets; any old link stops at once. */
export const makeFeedLink = validatedAction(
  z.object({}),
  async (_input, { supabase }): Promise<FeedActionState> => {
    const token = await rotateReportFeed(supabase)
    const origin = linkOrigin((await headers()).get('origin'))
    const formula = (file: string) => `=IMPORTDATA("${origin}/feeds/${token}/${file}")`
    revalidatePath('/settings')
    return { ok: true, message: 'New feed link made', formulas: { report: formula('report.csv'), stock: formula('stock.csv') } }
  },
  { requireUser: true },
)
