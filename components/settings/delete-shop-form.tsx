'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { deleteShop } from '@/lib/actions/delete-shop'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'

/** Once the shop is gone: on to /, where its owner may start another. */
function LeaveDeletedShop() {
  const router = useRouter()
  useEffect(() => {
    router.replace('/')
    router.refresh()
  }, [router])
  return null
}

/** The owner's last resort: the shop's name typed again is the confirmation. */
export function DeleteShopForm({ name }: { name: string }) {
  // The router only once deleted: Settings is also rendered outside the app (site-url.int.test.ts).
  const [deleted, setDeleted] = useState(false)
  const { state, pending, formProps } = useServerForm(deleteShop, {
    errorTitle: 'Shop not deleted',
    onSuccess: ({ message }) => {
      toast.success('Shop deleted', { description: message })
      setDeleted(true)
    },
  })
  return (
    <form {...formProps} noValidate className="grid gap-1">
      {deleted && <LeaveDeletedShop />}
      <p id="delete-shop-what" className="mb-3 text-sm text-muted-foreground">
        {`Deletes ${name} and everything in it: products, stock history, stocktakes and their photos, suppliers, orders, reports and the team. This cannot be undone.`}
      </p>
      <FormField
        id="delete-shop-name"
        name="name"
        label={`Type ${name} to confirm`}
        autoComplete="off"
        spellCheck={false}
        errors={state.fieldErrors?.name}
      />
      <Button type="submit" variant="destructive" disabled={pending} className="justify-self-start">
        <Trash2 aria-hidden="true" />
        {pending ? 'Deleting...' : 'Delete shop'}
      </Button>
    </form>
  )
}
