'use server'

import { previewImportSchema } from '@/lib/validations/import'
import type { ActionState } from './action-state'
import type { ImportPreviewState } from './import-state'
import { planImportFile, previewSummary } from './read-import-file'
import { BULK_DEADLINE_MS } from '@/lib/supabase/deadline-fetch'
import { validatedAction } from './validated-action'

const preview = validatedAction(
  previewImportSchema,
  async ({ file }, { supabase }): Promise<ImportPreviewState> => {
    const result = await planImportFile(supabase, file)
    if (!result.ok) return { ok: false, message: result.message, fieldErrors: { file: [result.message] } }
    return { ok: true, preview: previewSummary(file.name, result) }
  },
  { requireUser: true, deadlineMs: BULK_DEADLINE_MS },
)

/** Reads the file and shows what an import would do, row by row. Nothing is written. */
export async function previewProductImport(previous: ActionState, formData: FormData): Promise<ImportPreviewState> {
  return preview(previous, formData)
}
