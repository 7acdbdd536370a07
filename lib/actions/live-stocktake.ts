'use server'

import { z } from 'zod'
import { shopTimeZone } from '@/lib/data/shops'
import { listPhotos } from '@/lib/data/stocktake-photos'
import { getOpenStocktake, getStocktake } from '@/lib/data/stocktakes'
import type { LiveReview } from '@/lib/stocktakes/live-review'
import { isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient, type ServerSupabase } from '@/lib/supabase/server'
import { stocktakeSchema } from '@/lib/validations/stocktake'
import { liveReview, openStocktakeView, type OpenStocktakeView } from '@/lib/workflows/open-stocktake-view'
import { checkedCall } from './validated-action'

// The stocktake pages' live updates read only what changes on them, through the member's own
// client (RLS: a shop they belong to; nothing here is a cost), instead of rendering the page again.

export type LiveRead<T> = { ok: true; value: T } | { ok: false; message: string }

const COULD_NOT_READ = 'The stocktake could not be read again'
const refused = (message: string) => ({ ok: false as const, message })

async function reading<T>(read: (supabase: ServerSupabase) => Promise<T>): Promise<LiveRead<T>> {
  try {
    return { ok: true, value: await read(await createClient()) }
  } catch (error) {
    // the page keeps what it shows; the next change or the minute's refresh reads it again
    if (!isBackendFailure(error)) console.error('Error reading a stocktake again:', error)
    return refused(COULD_NOT_READ)
  }
}

/** Upload Photos' panel: the shop's open stocktake as the page shows it, or null. */
export const readOpenStocktake = checkedCall(
  z.tuple([z.uuid()]),
  (shopId): Promise<LiveRead<OpenStocktakeView | null>> =>
    reading(async (supabase) => {
      const open = await getOpenStocktake(supabase, shopId)
      return open ? openStocktakeView(supabase, open) : null
    }),
  refused,
)

/** An open review: what confirming would book (its lines, totals and version), the photo times, and the page's shape; null: gone. */
export const readStocktakeReview = checkedCall(
  z.tuple([stocktakeSchema.shape.session_id]),
  (sessionId): Promise<LiveRead<LiveReview | null>> =>
    reading(async (supabase) => {
      const session = await getStocktake(supabase, sessionId)
      if (!session) return null
      const [photos, timeZone] = await Promise.all([listPhotos(supabase, sessionId), shopTimeZone(supabase, session.shop_id)])
      return timeZone ? liveReview(supabase, session, photos, timeZone) : null
    }),
  refused,
)
