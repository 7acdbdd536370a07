'use client'

import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { keepDemoShop } from '@/lib/actions/keep-demo-shop'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { CredentialFields } from './credential-fields'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** A demo visitor adds an email and a password: the same account, so the shop and its history stay. */
export function KeepShopForm() {
  const router = useRouter()
  const { state, pending, formProps } = useServerForm(keepDemoShop, {
    errorTitle: 'Error',
    onSuccess: (result) => {
      toast.success('Shop kept!', { description: `Sign in with ${result.message} from now on.` })
      router.replace('/app/products')
      router.refresh()
    },
  })

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">
          <h1>Keep this shop</h1>
        </CardTitle>
        <CardDescription>
          Add your email and a password. Your demo shop, its products and its history become yours to keep.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form {...formProps} noValidate className="grid gap-2">
          <CredentialFields state={state} pending={pending} newPassword submitLabel="Keep this shop" />
        </form>
      </CardContent>
    </Card>
  )
}
