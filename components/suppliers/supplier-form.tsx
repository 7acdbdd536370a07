'use client'

import { useRef } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import type { ActionState } from '@/lib/actions/action-state'
import type { Supplier } from '@/lib/data/suppliers'
import { useFocusFirstInvalid } from '@/lib/hooks/use-focus-first-invalid'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { MAX_SUPPLIER_NAME, MAX_SUPPLIER_NOTES } from '@/lib/validations/supplier-limits'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'

interface SupplierFormProps {
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>
  /** absent when adding a supplier */
  supplier?: Supplier
  /** where a saved form goes (a same-origin path); the list of suppliers unless told */
  returnTo?: string
}

export function SupplierForm({ action, supplier, returnTo = '/app/suppliers' }: SupplierFormProps) {
  const router = useRouter()
  const editing = supplier !== undefined
  const { state, pending, formProps } = useServerForm(action, {
    errorTitle: editing ? 'Could not save the supplier' : 'Could not add the supplier',
    onSuccess: ({ message: name }) => {
      toast.success(editing ? 'Supplier saved' : 'Supplier added', {
        description: editing ? `${name} was updated.` : `${name} is on your list of suppliers.`,
      })
      router.push(returnTo)
    },
  })
  const errors = state.fieldErrors ?? {}
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, state)
  const notesError = errors.notes?.[0]

  return (
    <form ref={formRef} {...formProps} noValidate className="grid gap-1">
      {supplier && <input type="hidden" name="id" value={supplier.id} />}
      <FormField id="supplier-name" name="name" label="Name" required maxLength={MAX_SUPPLIER_NAME} autoComplete="organization" defaultValue={supplier?.name} errors={errors.name} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField id="supplier-email" name="email" type="email" label="Email for orders (optional)" autoComplete="email" defaultValue={supplier?.email ?? ''} errors={errors.email} />
        <FormField id="supplier-phone" name="phone" type="tel" label="Phone (optional)" autoComplete="tel" defaultValue={supplier?.phone ?? ''} errors={errors.phone} />
      </div>
      <FormField
        id="supplier-lead-time"
        name="lead_time_days"
        label="Lead time in days"
        inputMode="numeric"
        placeholder="7"
        className="max-w-32"
        defaultValue={supplier ? String(supplier.lead_time_days) : ''}
        errors={errors.lead_time_days}
      />
      <div className="grid gap-2">
        <Label htmlFor="supplier-notes">Notes (optional)</Label>
        <Textarea id="supplier-notes" name="notes" maxLength={MAX_SUPPLIER_NOTES} defaultValue={supplier?.notes ?? ''} aria-invalid={notesError ? true : undefined} aria-describedby="supplier-notes-error" />
        <p id="supplier-notes-error" aria-live="polite" className="min-h-5 text-sm text-destructive">
          {notesError}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => router.back()}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Save changes' : 'Add supplier'}
        </Button>
      </div>
    </form>
  )
}
