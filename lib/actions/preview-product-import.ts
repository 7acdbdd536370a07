'use server'

import { previewImportSchema } from '@/lib/validations/import'
import type { ActionState } from './action-state'
import { PREVIEW_MAX_ISSUES, PREVIEW_SAMPLE_ROWS, type ImportPreviewState } from './import-state'
import { readImportFile } from './read-import-file'
import { validatedAction } from './validated-action'

const preview = validatedAction(
  previewImportSchema,
  async ({ file }, { supabase, userId }): Promise<ImportPreviewState> => {
    const result = await readImportFile(supabase, userId, file)
    if (!result.ok) return { ok: false, message: result.message, fieldErrors: { file: [result.message] } }
    return {
      ok: true,
      preview: {
        fileName: file.name,
        totalRows: result.totalRows,
        validCount: result.rows.length,
        issueCount: result.issues.length,
        sample: result.rows.slice(0, PREVIEW_SAMPLE_ROWS),
        issues: result.issues.slice(0, PREVIEW_MAX_ISSUES),
        ignoredColumns: result.ignoredColumns,
      },
    }
  },
  { requireUser: true },
)

/** Reads the file and shows what an import would do. Nothing is written. */
export async function previewProductImport(previous: ActionState, formData: FormData): Promise<ImportPreviewState> {
  return preview(previous, formData)
}
