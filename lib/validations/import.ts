import { z } from 'zod'
import { MAX_IMPORT_BYTES } from '@/lib/csv/import-limits'

const csvFile = z
  .file({ error: 'Choose a CSV file' })
  .min(1, { error: 'This file is empty: choose a CSV file with a header row and a line for each product' })
  .max(MAX_IMPORT_BYTES, { error: 'The file is larger than 1 MB: split it into smaller files' })

const INVALID_REQUEST = 'Invalid request: reload the page and try again'

export const previewImportSchema = z.object({ file: csvFile })

export const confirmImportSchema = z.object({
  file: csvFile,
  token: z.string({ error: 'Preview the file before importing it' }).regex(/^[0-9a-f]{64}$/, { error: 'Preview the file before importing it' }),
  request_id: z.uuid({ error: INVALID_REQUEST }),
})
