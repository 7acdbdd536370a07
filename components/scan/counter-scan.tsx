'use client'

import { useCallback, useId, useMemo, useRef, useState } from 'react'
import Link from 'next/link'
import { X } from 'lucide-react'
import { toast } from 'sonner'
import { CounterGate } from '@/lib/counting/scan/counter-gate'
import type { CatalogueRow } from '@/lib/products/catalogue'
import { shownQty } from '@/lib/products/stock-taps'
import { Button } from '@/components/ui/button'
import { ProductRow } from '@/components/products/product-row'
import type { StockTapsHandle } from '@/components/stock/use-stock-taps'
import { beep } from './beep'
import { CameraView, type CodeMark } from './camera-view'
import { markName, useProductOf } from './product-names'
import { useCamera } from './use-camera'
import { useFrameReader, type DecodedFrame } from './use-frame-reader'

interface CounterScanProps {
  /** the whole catalogue, with the numbers shown on the list; null while it loads */
  rows: CatalogueRow[] | null
  taps: StockTapsHandle
  onClose: () => void
}

/**
 * The camera over the counter list: a code read finds its product and shows
 * its row with "Sold 1" and +1 (the list's own taps); a code the catalogue
 * does not have offers to add it. "Keep scanning" sells each item read, one
 * sale per item: a code held in view is not taken again until it has left.
 */
export function CounterScan({ rows, taps, onClose }: CounterScanProps) {
  const camera = useCamera(true)
  const video = useRef<HTMLVideoElement>(null)
  const keepId = useId()
  const items = useMemo(() => (rows ?? []).map((row) => ({ id: row.id, name: row.name, sku: row.sku, barcode: row.barcode, imageUrl: null })), [rows])
  const productOf = useProductOf(items)
  const [gate] = useState(() => new CounterGate())
  const [keep, setKeep] = useState(false)
  const [found, setFound] = useState<{ code: string; productId: string | null } | null>(null)
  const [view, setView] = useState<{ frame: { width: number; height: number } | null; marks: CodeMark[] }>({ frame: null, marks: [] })
  const [failed, setFailed] = useState<string | null>(null)

  const onFrame = useCallback(
    ({ read, frame, at }: DecodedFrame) => {
      frame.close()
      const marks = read.codes.map((code, i) => {
        const product = productOf(code.text)
        return { key: `${code.text}-${i}`, x: code.x, y: code.y, size: code.size, angle: code.angle, known: product !== null, name: markName(code.text, product) }
      })
      setView({ frame: { width: read.width, height: read.height }, marks })
      for (const code of gate.take(read.codes.map((c) => c.text), at)) {
        const product = productOf(code)
        beep()
        setFound({ code, productId: product?.id ?? null })
        if (!keep || !product) continue
        const row = rows?.find((r) => r.id === product.id)
        if (row && shownQty(taps.snapshot, row.id, row.qty) <= 0) toast.error('Not sold', { description: `${row.name} shows no stock. Count it, or add the delivery first.` })
        else taps.tap(product.id, product.name, 'sold')
      }
    },
    [gate, keep, productOf, rows, taps],
  )
  useFrameReader(video, camera.stream !== null && rows !== null && failed === null, onFrame, setFailed)

  const row = found?.productId ? rows?.find((r) => r.id === found.productId) : null
  return (
    <section aria-label="Scan at the counter" className="sticky top-0 z-30 grid gap-2 rounded-xl border bg-background p-2 shadow-lg">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <input id={keepId} type="checkbox" role="switch" className="size-5 accent-primary" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
          <label htmlFor={keepId} className="font-medium">
            Keep scanning
          </label>
          <span className="text-xs text-muted-foreground">{keep ? 'each item read is sold' : 'find a product'}</span>
        </div>
        <Button variant="ghost" size="icon" aria-label="Close the scanner" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {failed ? (
        <p role="alert">This browser cannot read barcodes itself ({failed}).</p>
      ) : (
        <CameraView camera={camera} video={video} frame={view.frame} marks={view.marks} label="Counter camera" />
      )}
      <div aria-live="polite">
        {rows === null && <p className="text-sm text-muted-foreground">Loading your products…</p>}
        {row && (
          <ul aria-label="Scanned product">
            <ProductRow product={row} taps={taps} />
          </ul>
        )}
        {found && !found.productId && rows !== null && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span>No product has the code {found.code}.</span>
            <Link href={`/app/products/new?barcode=${encodeURIComponent(found.code)}`} className="font-medium text-primary underline">
              Add a product with this barcode
            </Link>
          </p>
        )}
      </div>
    </section>
  )
}
