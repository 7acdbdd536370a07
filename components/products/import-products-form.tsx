'use client'

import { startTransition, useActionState, useState, type ChangeEvent, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { importProducts } from '@/lib/actions/import-products'
import type { ImportPreviewState } from '@/lib/actions/import-state'
import { previewProductImport } from '@/lib/actions/preview-product-import'
import { MAX_IMPORT_BYTES } from '@/lib/csv/product-import'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { newRequestId } from '@/lib/request-id'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { ImportPreview } from './import-preview'

const TOO_BIG = 'The file is larger than 1 MB: split it into smaller files'

/** Pick a CSV → the server checks it and shows a preview → nothing is written until Import is pressed. */
export function ImportProductsForm() {
  const router = useRouter()
  const [file, setFile] = useState<File | null>(null)
  const [localError, setLocalError] = useState<string | null>(null)
  const [preview, previewAction, previewing] = useActionState<ImportPreviewState, FormData>(
    previewProductImport,
    initialActionState,
  )
  const { pending: importing, formProps } = useServerForm(importProducts, {
    errorTitle: 'Nothing was imported',
    onSuccess: ({ message }) => {
      toast.success('Products imported', { description: message })
      router.push('/app/products')
    },
  })
  const error = localError ?? (preview.ok ? undefined : preview.message)
  const ready = preview.ok && preview.preview && file && !previewing

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null
    setFile(chosen)
    // The server checks the size too; this saves sending a file that is sure to be refused.
    setLocalError(chosen && chosen.size > MAX_IMPORT_BYTES ? TOO_BIG : null)
    if (!chosen || chosen.size > MAX_IMPORT_BYTES) return
    const form = new FormData()
    form.set('file', chosen)
    startTransition(() => previewAction(form))
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!file) return
    const form = new FormData()
    form.set('file', file)
    form.set('request_id', newRequestId())
    startTransition(() => formProps.action(form))
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Label htmlFor="import-file">CSV file</Label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={choose}
          aria-describedby="import-file-hint import-file-error"
          className="min-h-11 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:font-medium"
        />
        <p id="import-file-hint" className="text-sm text-muted-foreground">
          Columns: name, sku (both required), barcode, qty, low_stock_threshold, target_qty, unit_cost, unit_price. Up to 5000 rows
          and 1 MB. Products are matched by SKU: existing ones are updated.
        </p>
        <p id="import-file-error" aria-live="polite" className="min-h-5 text-sm text-destructive">
          {previewing ? <span className="text-muted-foreground">Checking the file...</span> : error}
        </p>
      </div>
      {ready && preview.preview && (
        <section aria-labelledby="preview-heading" className="grid gap-4">
          <h2 id="preview-heading" className="text-lg font-semibold">
            Preview of {preview.preview.fileName}
          </h2>
          <ImportPreview preview={preview.preview} />
          <form onSubmit={confirm} className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" size="lg" disabled={importing || preview.preview.validCount === 0}>
              {importing ? 'Importing...' : `Import ${preview.preview.validCount} ${preview.preview.validCount === 1 ? 'product' : 'products'}`}
            </Button>
          </form>
        </section>
      )}
    </div>
  )
}
