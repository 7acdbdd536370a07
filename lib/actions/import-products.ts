'use server'

import { revalidatePath } from 'next/cache'
import { importProducts as runImport, STALE_IMPORT_MESSAGE } from '@/lib/data/product-import'
import { plural } from '@/lib/format/plural'
import { confirmImportSchema } from '@/lib/validations/import'
import type { ActionState } from './action-state'
import type { ImportPreviewState } from './import-state'
import { planImportFile, previewSummary } from './read-import-file'
import { BULK_DEADLINE_MS } from '@/lib/supabase/deadline-fetch'
import { validatedAction } from './validated-action'

const confirm = validatedAction(
  confirmImportSchema,
  async ({ file, token, request_id }, { supabase }): Promise<ImportPreviewState> => {
    const planned = await planImportFile(supabase, file)
    if (!planned.ok) return { ok: false, message: planned.message }
    // Checked again in import_products(): a change between here and the write is refused there.
    if (planned.token !== token) return { ok: false, message: STALE_IMPORT_MESSAGE, preview: previewSummary(file.name, planned) }
    if (planned.plan.payload.length === 0) return { ok: false, message: 'Nothing to import: no row adds or changes a product' }
    const imported = await runImport(supabase, planned.plan.payload, request_id)
    if (!imported.ok && imported.stale) {
      const again = await planImportFile(supabase, file)
      return { ok: false, message: imported.message, preview: again.ok ? previewSummary(file.name, again) : undefined }
    }
    if (!imported.ok) return { ok: false, message: imported.message }
    revalidatePath('/app/products')
    const { created, updated, adjusted } = imported.counts
    return {
      ok: true,
      message: `${plural(created, 'new product')}, ${plural(updated, 'product')} updated, ${plural(adjusted, 'stock count')} changed`,
    }
  },
  { requireUser: true, deadlineMs: BULK_DEADLINE_MS },
)

/** The owner confirmed the preview: the file is planned again and written only if the plan is the one shown. */
export async function importProducts(previous: ActionState, formData: FormData): Promise<ImportPreviewState> {
  return confirm(previous, formData)
}
