'use client'

import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { linkProductSupplier } from '@/lib/actions/product-supplier-actions'
import { useFocusFirstInvalid } from '@/lib/hooks/use-focus-first-invalid'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { MoneyField } from '@/components/products/money-field'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'

interface LinkSupplierFormProps {
  productId: string
  productName: string
  currencySymbol: string
  suppliers: { id: string; name: string }[]
  /** the product's links: picking a linked supplier shows its link, to change */
  links: { supplier_id: string; pack_size: number; unit_cost: number | null; preferred: boolean }[]
}

/** Links the product to a supplier, or updates the link: pack size, cost per unit and whether it is the preferred one. */
export function LinkSupplierForm({ productId, productName, currencySymbol, suppliers, links }: LinkSupplierFormProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const [picked, setPicked] = useState('')
  // A new link starts blank; a linked supplier's fields show its link (sent unchanged, it stays as it is).
  const [round, setRound] = useState(0)
  const linked = links.find((link) => link.supplier_id === picked)
  const { state, pending, formProps } = useServerForm(linkProductSupplier, {
    errorTitle: 'Could not link the supplier',
    onSuccess: () => {
      const name = suppliers.find((s) => s.id === picked)?.name ?? 'The supplier'
      toast.success('Supplier linked', { description: `${name} supplies ${productName}.` })
      setPicked('')
      setRound((n) => n + 1)
    },
  })
  const errors = state.fieldErrors ?? {}
  useFocusFirstInvalid(formRef, state)
  const supplierError = errors.supplier_id?.[0]

  return (
    <form ref={formRef} {...formProps} noValidate className="grid gap-1">
      <input type="hidden" name="product_id" value={productId} />
      <div className="grid gap-2">
        <Label htmlFor="link-supplier">Supplier</Label>
        <select
          id="link-supplier"
          name="supplier_id"
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          aria-invalid={supplierError ? true : undefined}
          aria-describedby="link-supplier-error"
          className="min-h-11 w-full rounded-md border border-input bg-background px-3 text-base md:text-sm"
        >
          <option value="" disabled>
            Choose a supplier
          </option>
          {suppliers.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
        </select>
        <p id="link-supplier-error" aria-live="polite" className="min-h-5 text-sm text-destructive">
          {supplierError}
        </p>
      </div>
      <div key={`${picked}-${round}`} className="grid gap-1">
        <div className="grid grid-cols-2 gap-x-4">
          <FormField
            id="link-pack-size"
            name="pack_size"
            label="Units per pack"
            inputMode="numeric"
            placeholder="1"
            defaultValue={linked ? String(linked.pack_size) : undefined}
            errors={errors.pack_size}
          />
          <MoneyField id="link-cost" name="unit_cost" label="Cost per unit (optional)" symbol={currencySymbol} defaultValue={linked?.unit_cost?.toFixed(2)} errors={errors.unit_cost} />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="preferred" defaultChecked={linked?.preferred} className="size-5 accent-primary" />
          Order from this supplier first (preferred)
        </label>
      </div>
      <div className="flex justify-end pt-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : linked ? 'Save link' : 'Link supplier'}
        </Button>
      </div>
    </form>
  )
}
