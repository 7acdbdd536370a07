'use server'

import { revalidatePath } from 'next/cache'
import { removePhotos } from '@/lib/data/stocktake-photos'
import { removePhotosSchema } from '@/lib/validations/stocktake'
import { validatedAction } from './validated-action'

/** Takes photos out of an open stocktake, their files too (to change a side's photos, or drop a wrong one). */
export const removeStocktakePhotos = validatedAction(
  removePhotosSchema,
  async ({ session_id, photo_ids }, { supabase }) => {
    const removed = await removePhotos(supabase, session_id, photo_ids)
    if (removed.length === 0) return { ok: false, message: 'These photos are not in an open stocktake of yours' }
    revalidatePath('/upload')
    return { ok: true, message: removed.length === 1 ? 'Photo removed' : `${removed.length} photos removed` }
  },
  { requireUser: true },
)
