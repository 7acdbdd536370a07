'use client'

import { useId, useState, type ChangeEvent } from 'react'
import { Camera, ImagePlus, Package, Trash2 } from 'lucide-react'
import { resizeImage } from '@/lib/images/resize-image'
import { newRequestId } from '@/lib/request-id'
import { PRODUCT_IMAGES_BUCKET, productImagePath } from '@/lib/products/product-image'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

interface PhotoPickerProps {
  shopId: string
  initialUrl: string | null
  errors?: string[]
  onBusyChange: (busy: boolean) => void
}

const fileButton =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-3 text-sm font-medium shadow-xs hover:bg-accent focus-within:ring-[3px] focus-within:ring-ring/50'

/** Takes or picks a photo, shrinks it on the phone and uploads it to the shop's folder. */
export function PhotoPicker({ shopId, initialUrl, errors, onBusyChange }: PhotoPickerProps) {
  const [url, setUrl] = useState(initialUrl)
  const [status, setStatus] = useState<'idle' | 'uploading' | 'failed'>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const errorId = `${id}-error`
  const error = problem ?? errors?.[0]

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setStatus('uploading')
    setProblem(null)
    onBusyChange(true)
    try {
      if (!file.type.startsWith('image/')) throw new Error('Choose a photo (an image file)')
      const { blob, extension } = await resizeImage(file)
      const path = productImagePath(shopId, newRequestId(), extension)
      // Loaded on the first photo: the Supabase client stays out of the form's first load.
      const { createClient } = await import('@/lib/supabase/client')
      const bucket = createClient().storage.from(PRODUCT_IMAGES_BUCKET)
      const { error: uploadError } = await bucket.upload(path, blob, { contentType: blob.type, cacheControl: '31536000' })
      if (uploadError) throw uploadError
      setUrl(bucket.getPublicUrl(path).data.publicUrl)
      setStatus('idle')
    } catch (cause) {
      setStatus('failed')
      setProblem(`The photo could not be uploaded: ${cause instanceof Error ? cause.message : String(cause)}`)
    } finally {
      onBusyChange(false)
    }
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium">Photo</legend>
      <input type="hidden" name="image_url" value={url ?? ''} />
      <div className="flex items-center gap-3">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {status === 'uploading' ? (
            <Spinner />
          ) : url ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={url} alt="Product photo" className="size-full object-cover" />
          ) : (
            <Package aria-hidden="true" className="size-8 text-muted-foreground" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The camera straight away, on phones and tablets; elsewhere it would only be a second file picker. */}
          <label className={cn(fileButton, 'hidden pointer-coarse:inline-flex')}>
            <Camera aria-hidden="true" className="size-4" />
            Take photo
            <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={upload} />
          </label>
          <label className={fileButton}>
            <ImagePlus aria-hidden="true" className="size-4" />
            Choose photo
            <input type="file" accept="image/*" className="sr-only" onChange={upload} />
          </label>
          {url && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setUrl(null)}>
              <Trash2 aria-hidden="true" />
              Remove photo
            </Button>
          )}
        </div>
      </div>
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm text-destructive">
        {status === 'uploading' ? <span className="text-muted-foreground">Uploading photo...</span> : error}
      </p>
    </fieldset>
  )
}
