'use client'

import { useState, useTransition, type ChangeEvent, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { importProducts } from '@/lib/actions/import-products'
import type { ImportPreviewSummary } from '@/lib/actions/import-state'
import { previewProductImport } from '@/lib/actions/preview-product-import'
import { MAX_IMPORT_BYTES } from '@/lib/csv/import-limits'
import { newRequestId } from '@/lib/request-id'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { ImportPreview } from './import-preview'
import { withShownShop } from '@/lib/shops/shown-shop'

const TOO_BIG = 'The file is larger than 1 MB: split it into smaller files'

/** Pick a CSV → the server compares it with the catalogue → nothing is written until Import is pressed. */
export function ImportProductsForm() {
  const router = useRouter()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [preview, setPreview] = useState<ImportPreviewSummary | null>(null)
  const [previewing, startPreview] = useTransition()
  const [importing, startImport] = useTransition()
  const writes = preview ? preview.newCount + preview.changedCount : 0

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null
    setFile(chosen)
    setPreview(null)
    // The server checks the size too; this saves sending a file that is sure to be refused.
    setError(chosen && chosen.size > MAX_IMPORT_BYTES ? TOO_BIG : null)
    if (!chosen || chosen.size > MAX_IMPORT_BYTES) return
    const form = withShownShop(new FormData())
    form.set('file', chosen)
    startPreview(async () => {
      const result = await previewProductImport(initialActionState, form)
      if (result.ok && result.preview) {
        setPreview(result.preview)
        toast.success('Preview ready', { description: 'Nothing is saved until you press Import.' })
      } else {
        setError(result.message ?? 'The file could not be read')
        toast.error('This file cannot be imported', { description: result.message })
      }
    })
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!file || !preview) return
    const form = withShownShop(new FormData())
    form.set('file', file)
    form.set('token', preview.token)
    form.set('request_id', newRequestId())
    startImport(async () => {
      const result = await importProducts(initialActionState, form)
      if (result.ok) {
        toast.success('Products imported', { description: result.message })
        router.push('/app/products')
        return
      }
      toast.error('Nothing was imported', { description: result.message })
      if (result.preview) setPreview(result.preview)
    })
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Label htmlFor="import-file">CSV file</Label>
        <input
          id="import-file"
          type="file"
          accept=".csv,.txt,text/csv"
          onChange={choose}
          aria-describedby="import-file-hint import-file-error"
          aria-invalid={error ? true : undefined}
          className="min-h-11 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:font-medium"
        />
        <p id="import-file-hint" className="text-sm text-muted-foreground">
          Columns: name, sku, barcode, qty, low_stock_threshold, target_qty, unit_cost, unit_price. Separated by commas,
          semicolons or tabs; up to 5000 rows and 1 MB. Products are matched by SKU (or by barcode when the SKU is blank);
          a blank cell keeps the current value. In Excel, format the sku and barcode columns as Text before you edit, or long
          codes are saved shortened (5.01235E+12).
        </p>
        <p id="import-file-error" aria-live="polite" className="min-h-5 text-sm text-destructive">
          {previewing ? <span className="text-muted-foreground">Checking the file...</span> : error}
        </p>
      </div>
      {preview && !previewing && (
        <section aria-labelledby="preview-heading" className="grid gap-4">
          <h2 id="preview-heading" className="text-lg font-semibold">
            Preview of {preview.fileName}
          </h2>
          <ImportPreview key={preview.token} preview={preview} />
          <form onSubmit={confirm} className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" size="lg" disabled={importing || writes === 0}>
              {importing ? 'Importing...' : `Import ${writes} ${writes === 1 ? 'product' : 'products'}`}
            </Button>
          </form>
        </section>
      )}
    </div>
  )
}
