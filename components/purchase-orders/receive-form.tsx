'use client'

import { startTransition, useActionState, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { receiveStock, type ReceiveState } from '@/lib/actions/purchase-order-actions'
import { initialActionState } from '@/lib/actions/action-state'
import { noAnswerState } from '@/lib/http/no-answer'
import type { PurchaseOrderLine } from '@/lib/data/purchase-orders'
import { formatMoney } from '@/lib/format/money'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

/**
 * Units arriving now, per line, prefilled with what is still to come when the page opens. Each
 * line sends what the screen showed as received, so a second device or a double submit never adds
 * stock twice; more than ordered is refused once, with a confirm button that sends it again allowed.
 * After a receipt the boxes stay empty: prefilled with the rest, a second tap on the button would
 * book the rest as arrived.
 */
export function ReceiveForm({ orderId, lines, currency }: { orderId: string; lines: PurchaseOrderLine[]; currency: string }) {
  const formRef = useRef<HTMLFormElement>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [received, setReceived] = useState(false)
  // Just received: the button says so until a box changes, so a double tap asks for nothing.
  const [settled, setSettled] = useState(false)
  const [state, formAction, pending] = useActionState(async (previous: ReceiveState, formData: FormData) => {
    // Sent again, a receipt books once: each line says what the screen showed as received.
    const result: ReceiveState = await receiveStock(previous, formData).catch(noAnswerState)
    if (result.ok) {
      setConfirming(null)
      setReceived(true)
      setSettled(true)
      toast.success('Stock received', { description: result.message })
    } else if ('overReceive' in result && result.overReceive) {
      setConfirming(result.message ?? 'More than ordered')
    } else {
      toast.error('Could not receive the stock', { description: result.message })
    }
    return result
  }, initialActionState)

  const submit = (allowOver: boolean) => {
    if (!formRef.current) return
    const formData = new FormData(formRef.current)
    if (allowOver) formData.set('allow_over', 'on')
    startTransition(() => formAction(formData))
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    submit(false)
  }
  const errors = state.fieldErrors ?? {}

  return (
    <form ref={formRef} onSubmit={onSubmit} onInput={() => setSettled(false)} noValidate className="grid gap-3">
      <input type="hidden" name="id" value={orderId} />
      <ul className="divide-y">
        {lines.map((line) => {
          const due = Math.max(line.qty - line.received, 0)
          const error = errors[`receive:${line.id}`]?.[0]
          return (
            <li key={line.id} className="grid grid-cols-[1fr_auto] items-center gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">{line.name}</p>
                <p className="text-sm text-muted-foreground">
                  Ordered {line.qty}
                  {line.pack_size > 1 && ` (${line.packs} × ${line.pack_size})`} · received {line.received}
                  {received && due > 0 && ` · ${due} still to come`}
                  {line.unit_cost !== null && ` · ${formatMoney(line.unit_cost, currency)} each`}
                </p>
                <p id={`receive-${line.id}-error`} aria-live="polite" className="text-sm text-destructive">
                  {error}
                </p>
              </div>
              <input type="hidden" name={`before:${line.id}`} value={line.received} />
              <Input
                aria-label={`Arrived now: ${line.name}`}
                name={`receive:${line.id}`}
                inputMode="numeric"
                defaultValue={due > 0 && !received ? String(due) : ''}
                placeholder="0"
                aria-invalid={error ? true : undefined}
                aria-describedby={`receive-${line.id}-error`}
                className="w-24 text-right"
                key={`${line.id}-${line.received}`}
              />
            </li>
          )
        })}
      </ul>
      {lines.some((line) => line.unit_cost !== null) && (
        <p className="text-sm text-muted-foreground">Stock received at a cost per unit makes that the product&apos;s cost, for its stock value and margins.</p>
      )}
      {confirming ? (
        <div role="alertdialog" aria-labelledby="over-receive-title" className="grid gap-2 rounded-lg border border-destructive/50 p-3">
          <p id="over-receive-title" className="text-sm">
            {confirming}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setConfirming(null)}>
              Change the numbers
            </Button>
            <Button type="button" disabled={pending} onClick={() => submit(true)}>
              Receive more than ordered
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={pending || settled}>
            {settled ? 'Stock received' : pending ? 'Receiving...' : 'Receive stock'}
          </Button>
        </div>
      )}
    </form>
  )
}
