'use client'

import { useRouter } from 'next/navigation'
import { verifySignInCode, type SignInCodeState } from '@/lib/actions/two-factor-actions'
import { signOut } from '@/lib/actions/sign-out'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'
import { CodeField } from './code-field'

export function SignInCodeForm({ next }: { next: string }) {
  const router = useRouter()
  const { state, pending, formProps } = useServerForm(verifySignInCode, {
    errorTitle: 'Code not accepted',
    onSuccess: (result) => {
      router.replace((result as SignInCodeState).next ?? next)
      router.refresh()
    },
  })
  const leave = useServerForm(signOut, {
    errorTitle: 'Error',
    onSuccess: () => {
      router.replace('/auth')
      router.refresh()
    },
  })
  return (
    <div className="grid gap-4">
      <form {...formProps} noValidate className="grid gap-2">
        <input type="hidden" name="next" value={next} />
        <CodeField errors={state.fieldErrors?.code} />
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Checking…' : 'Verify'}
        </Button>
      </form>
      <form {...leave.formProps} className="text-center">
        <Button type="submit" variant="link" disabled={leave.pending}>
          Not you? Sign out
        </Button>
      </form>
    </div>
  )
}
