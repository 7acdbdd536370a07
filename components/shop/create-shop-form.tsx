'use client'

import { useSyncExternalStore } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { createShop } from '@/lib/actions/create-shop'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { CURRENCIES, DEFAULT_CURRENCY } from '@/lib/shops/currencies'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'

const noSubscribe = () => () => {}
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone
const serverTimeZone = () => 'UTC'

/** A new shop, in the browser's time zone; once created it is the one worked in, and its counter opens. */
export function CreateShopForm() {
  const router = useRouter()
  const timeZone = useSyncExternalStore(noSubscribe, browserTimeZone, serverTimeZone)
  const { state, pending, formProps } = useServerForm(createShop, {
    errorTitle: 'Error creating shop',
    onSuccess: ({ message: shopName }) => {
      toast.success('Shop created!', { description: `${shopName} is ready to go.` })
      router.replace('/app/products')
      router.refresh()
    },
  })
  const errors = state.fieldErrors ?? {}

  return (
    <form {...formProps} className="grid gap-2">
      <FormField id="shop-name" name="name" label="Shop Name" required placeholder="My Corner Shop" errors={errors.name} />
      <div className="grid gap-2">
        <Label htmlFor="shop-currency">Currency</Label>
        <Select name="currency" defaultValue={DEFAULT_CURRENCY}>
          <SelectTrigger id="shop-currency" aria-describedby="shop-currency-error">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {CURRENCIES.map(({ code, symbol }) => (
              <SelectItem key={code} value={code}>
                {code} ({symbol})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id="shop-currency-error" aria-live="polite" className="min-h-5 text-sm text-destructive">
          {errors.currency?.[0]}
        </p>
      </div>
      <input type="hidden" name="timezone" value={timeZone} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Creating...' : 'Create Shop'}
      </Button>
    </form>
  )
}
