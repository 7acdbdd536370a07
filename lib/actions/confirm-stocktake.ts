'use server'

import { revalidatePath } from 'next/cache'
import { confirmStocktake as confirm } from '@/lib/data/stocktakes'
import { confirmStocktakeSchema } from '@/lib/validations/stocktake'
import { validatedAction } from './validated-action'

/** Writes the reviewed counts to the ledger, once: a repeated submit applies nothing twice. */
export const confirmStocktake = validatedAction(
  confirmStocktakeSchema,
  async ({ session_id, counts }, { supabase }) => {
    const result = await confirm(supabase, session_id, counts)
    if (!result.ok) return { ok: false, message: result.message }
    revalidatePath('/app/products', 'layout')
    revalidatePath(`/stocktakes/${session_id}`)
    if (result.alreadyConfirmed) return { ok: true, message: 'This stocktake was already confirmed. Nothing was applied twice.' }
    const products = result.changed === 1 ? '1 product' : `${result.changed} products`
    return { ok: true, message: `Stocktake confirmed: stock updated for ${products}` }
  },
  { requireUser: true },
)
