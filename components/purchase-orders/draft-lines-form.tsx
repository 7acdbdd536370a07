'use client'

import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { saveDraftOrder } from '@/lib/actions/purchase-order-actions'
import type { PurchaseOrderLine } from '@/lib/data/purchase-orders'
import { plural } from '@/lib/format/plural'
import { useFocusFirstInvalid } from '@/lib/hooks/use-focus-first-invalid'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { MARK_SENT_HINT, MarkSentButton } from './order-status-buttons'
import { SendOrderButtons, type OrderMessage } from './send-order-buttons'

/** A draft's lines, each in packs to change before the order is sent (0 takes a line off), then sending it to the supplier and Mark sent. */
export function DraftLinesForm({ orderId, label, lines, message }: { orderId: string; label: string; lines: PurchaseOrderLine[]; message: OrderMessage }) {
  const formRef = useRef<HTMLFormElement>(null)
  // typed but not saved: Mark sent waits for it
  const [unsaved, setUnsaved] = useState(false)
  const { state, pending, formProps } = useServerForm(saveDraftOrder, {
    errorTitle: 'Could not save the order',
    onSuccess: ({ message }) => {
      setUnsaved(false)
      toast.success('Order saved', { description: message })
    },
  })
  const errors = state.fieldErrors ?? {}
  useFocusFirstInvalid(formRef, state)
  return (
    <>
      <form ref={formRef} {...formProps} onInput={() => setUnsaved(true)} noValidate className="grid gap-2">
        <input type="hidden" name="id" value={orderId} />
        <p className="text-sm text-muted-foreground">Change the packs before you send it: 0 takes a line off.</p>
        <ul className="divide-y">
          {lines.map((line) => (
            <li key={`${line.id}-${line.packs}`} className="pt-2">
              <FormField
                id={`packs-${line.id}`}
                name={`packs:${line.id}`}
                label={line.pack_size > 1 ? `${line.name}: packs of ${line.pack_size} (${plural(line.qty, 'unit')} ordered)` : `${line.name}: units`}
                inputMode="numeric"
                defaultValue={String(line.packs)}
                errors={errors[`packs:${line.id}`]}
              />
            </li>
          ))}
        </ul>
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
      {/* the order goes to the supplier as saved, then is marked sent */}
      <div className="flex flex-wrap justify-end gap-2">
        <SendOrderButtons {...message} disabled={unsaved} describedBy={MARK_SENT_HINT} />
      </div>
      <MarkSentButton id={orderId} label={label} unsaved={unsaved} />
    </>
  )
}
