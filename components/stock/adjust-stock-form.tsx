'use client'

import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { useFreshForm } from '@/lib/hooks/use-fresh-form'
import { COUNT_ALREADY_MATCHED } from '@/lib/actions/action-state'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { newRequestId } from '@/lib/request-id'
import { announceStockChanged } from '@/lib/stock-events'
import { reasonFits, STOCK_MODES, STOCK_REASONS } from '@/lib/products/stock-reasons'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { useOffline } from '@/components/offline/offline-provider'
import { adjustOrKeep, KEPT_ON_PHONE } from './adjust-or-keep'

type Mode = (typeof STOCK_MODES)[number]['value']

const selectClass =
  'flex min-h-11 w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm'

/**
 * Add, remove or set a count, with a reason and a note: one movement in the ledger. A count
 * correction only for who may confirm a stocktake (the database refuses it to anyone else).
 */
export function AdjustStockForm({ productId, name, qty, correctsCounts }: { productId: string; name: string; qty: number; correctsCounts: boolean }) {
  const modes = STOCK_MODES.filter((option) => correctsCounts || option.value !== 'count')
  const [mode, setMode] = useState<Mode>('add')
  // Only the reasons that go the chosen way: "Add 3 · Sold" is no sale.
  const reasons = STOCK_REASONS.filter((option) => (correctsCounts || option.value !== 'count_correction') && reasonFits(option.value, mode))
  const [reason, setReason] = useState<string>('received')
  // Saved: the form is drawn afresh; focus its first choice (a radio: no keyboard pops up on a phone).
  const { key: formKey, ref: formRef, clear } = useFreshForm('input[name="mode"]:checked')
  const { taps } = useOffline()
  const { state, pending, formProps } = useServerForm(adjustOrKeep(taps, name), {
    errorTitle: 'Stock not changed',
    onSuccess: ({ message }) => {
      const title = message === KEPT_ON_PHONE ? 'Stock change waiting to sync' : message === COUNT_ALREADY_MATCHED ? 'Nothing to change' : 'Stock updated'
      toast.success(title, { description: message })
      announceStockChanged()
      clear()
    },
  })
  const errors = state.fieldErrors ?? {}

  function chooseMode(next: Mode) {
    setMode(next)
    setReason(STOCK_MODES.find((option) => option.value === next)!.reason)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // One id per submission: a network retry of it is applied once.
    const requestId = event.currentTarget.elements.namedItem('request_id') as HTMLInputElement
    requestId.value = newRequestId()
    formProps.onSubmit(event)
  }

  return (
    <form ref={formRef} key={formKey} action={formProps.action} onSubmit={submit} noValidate className="grid gap-1">
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="request_id" defaultValue="" />
      <fieldset className="mb-4 grid gap-2">
        <legend className="mb-2 text-sm font-medium">Change</legend>
        <div className={correctsCounts ? 'grid grid-cols-3 gap-2' : 'grid grid-cols-2 gap-2'}>
          {modes.map((option) => (
            <label
              key={option.value}
              className="flex min-h-11 cursor-pointer items-center justify-center rounded-md border text-sm font-medium has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
            >
              <input
                type="radio"
                name="mode"
                value={option.value}
                checked={mode === option.value}
                onChange={() => chooseMode(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        id="stock-amount"
        name="amount"
        label={mode === 'count' ? `Counted on the shelf (now ${qty})` : 'How many'}
        inputMode="numeric"
        autoComplete="off"
        required
        errors={errors.amount}
      />
      <div className="grid gap-2">
        <Label htmlFor="stock-reason">Reason</Label>
        <select id="stock-reason" name="reason" value={reason} onChange={(event) => setReason(event.target.value)} className={selectClass} aria-describedby="stock-reason-error">
          {reasons.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <p id="stock-reason-error" aria-live="polite" className="min-h-5 text-sm text-destructive">
          {errors.reason?.[0]}
        </p>
      </div>
      <FormField id="stock-note" name="note" label="Note (optional)" maxLength={500} autoComplete="off" errors={errors.note} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Save stock change'}
      </Button>
    </form>
  )
}
