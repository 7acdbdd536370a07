'use client'

import { useRef, useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import type { ActionState } from '@/lib/actions/action-state'
import { currencySymbol } from '@/lib/format/money'
import { useFocusFirstInvalid } from '@/lib/hooks/use-focus-first-invalid'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { newRequestId } from '@/lib/request-id'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { MoneyField } from './money-field'
import type { ProductRecord } from '@/lib/products/product-record'
import { PhotoPicker } from './photo-picker'

interface ProductFormProps {
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>
  shopId: string
  currency: string
  /** absent when adding a product */
  product?: ProductRecord
  /** a new product's prefilled codes, e.g. a code a stocktake found on the shelf */
  codes?: { sku?: string; barcode?: string }
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))
const amount = (value: number | null | undefined) => (value === null || value === undefined ? '' : value.toFixed(2))

export function ProductForm({ action, shopId, currency, product, codes }: ProductFormProps) {
  const router = useRouter()
  const [uploading, setUploading] = useState(false)
  const editing = product !== undefined
  const { state, pending, formProps } = useServerForm(action, {
    errorTitle: editing ? 'Could not save the product' : 'Could not add the product',
    onSuccess: ({ message: id }) => {
      toast.success(editing ? 'Product saved' : 'Product added')
      router.push(editing ? `/app/products/${id}` : '/app/products')
    },
  })
  const errors = state.fieldErrors ?? {}
  const symbol = currencySymbol(currency)
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, state)

  // One id while the form is open: sent again after a lost answer, it makes no second product.
  // Kept here, not in the input: a re-render puts a hidden input back to its default value.
  const requestId = useRef('')
  function submit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem('request_id')
    if (input instanceof HTMLInputElement) input.value = requestId.current ||= newRequestId()
    formProps.onSubmit(event)
  }

  return (
    <form ref={formRef} {...formProps} onSubmit={submit} noValidate className="grid gap-1">
      {product ? <input type="hidden" name="id" value={product.id} /> : <input type="hidden" name="request_id" defaultValue="" />}
      {/* No maxLength: the browser would cut a pasted name or code without a word; the server says it is too long instead. */}
      <FormField id="product-name" name="name" label="Name" required autoComplete="off" defaultValue={product?.name} errors={errors.name} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField id="product-sku" name="sku" label="SKU (optional)" autoComplete="off" defaultValue={text(product?.sku ?? codes?.sku)} errors={errors.sku} />
        <FormField id="product-barcode" name="barcode" label="Barcode (optional)" autoComplete="off" defaultValue={text(product?.barcode ?? codes?.barcode)} errors={errors.barcode} />
      </div>
      <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        {editing ? (
          <p className="col-span-2 pb-4 text-sm text-muted-foreground sm:col-span-1">
            Stock: <span className="font-medium text-foreground">{product.qty}</span>. Change it with Adjust stock.
          </p>
        ) : (
          <FormField id="product-qty" name="qty" label="Quantity in stock" inputMode="numeric" placeholder="0" errors={errors.qty} />
        )}
        <FormField id="product-low" name="low_stock_threshold" label="Low-stock alert at" inputMode="numeric" placeholder="0" defaultValue={text(product?.low_stock_threshold)} errors={errors.low_stock_threshold} />
        <FormField id="product-target" name="target_qty" label="Target level (optional)" inputMode="numeric" defaultValue={text(product?.target_qty)} errors={errors.target_qty} />
      </div>
      <div className="grid grid-cols-2 gap-x-4">
        <MoneyField id="product-cost" name="unit_cost" label="Cost (optional)" symbol={symbol} defaultValue={amount(product?.unit_cost)} errors={errors.unit_cost} />
        <MoneyField id="product-price" name="unit_price" label="Price (optional)" symbol={symbol} defaultValue={amount(product?.unit_price)} errors={errors.unit_price} />
      </div>
      <PhotoPicker shopId={shopId} initialUrl={product?.image_url ?? null} errors={errors.image_url} onBusyChange={setUploading} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => router.back()}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={pending || uploading}>
          {pending ? 'Saving...' : editing ? 'Save changes' : 'Add product'}
        </Button>
      </div>
    </form>
  )
}
