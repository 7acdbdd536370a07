'use server'

import { revalidatePath } from 'next/cache'
import { importProducts as runImport } from '@/lib/data/product-import'
import { confirmImportSchema } from '@/lib/validations/import'
import { readImportFile } from './read-import-file'
import { validatedAction } from './validated-action'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The owner confirmed the preview: the file is checked again and its valid rows written in one go. */
export const importProducts = validatedAction(
  confirmImportSchema,
  async ({ file, request_id }, { supabase, userId }) => {
    const result = await readImportFile(supabase, userId, file)
    if (!result.ok) return { ok: false, message: result.message }
    if (result.rows.length === 0) return { ok: false, message: 'No row of the file can be imported: fix the lines listed' }
    const imported = await runImport(supabase, result.rows, request_id)
    if (!imported.ok) return { ok: false, message: imported.message }
    revalidatePath('/app/products')
    const { created, updated, adjusted } = imported.counts
    return {
      ok: true,
      message: `${plural(created, 'new product')}, ${plural(updated, 'product')} updated, ${plural(adjusted, 'stock count')} changed`,
    }
  },
  { requireUser: true },
)
