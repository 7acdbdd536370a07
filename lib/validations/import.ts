import { z } from 'zod'
import { MAX_IMPORT_BYTES } from '@/lib/csv/product-import'

const csvFile = z
  .file({ error: 'Choose a CSV file' })
  .min(1, { error: 'Choose a CSV file' })
  .max(MAX_IMPORT_BYTES, { error: 'The file is larger than 1 MB: split it into smaller files' })

export const previewImportSchema = z.object({ file: csvFile })

export const confirmImportSchema = z.object({
  file: csvFile,
  request_id: z.uuid({ error: 'Invalid request: reload the page and try again' }),
})
