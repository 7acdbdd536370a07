'use client'

import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { tryDemo } from '@/lib/actions/try-demo'
import { ALREADY_SIGNED_IN } from '@/lib/demo/demo-result'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

interface TryDemoButtonProps {
  /** where the visitor lands in their demo shop */
  destination: string
  variant?: 'default' | 'outline'
  className?: string
}

/** 'View Demo' for a signed-out visitor: their own sample shop, no email needed. */
export function TryDemoButton({ destination, variant = 'outline', className }: TryDemoButtonProps) {
  const router = useRouter()
  const { pending, formProps } = useServerForm(tryDemo, {
    errorTitle: 'Error',
    onSuccess: (state) => {
      if (state.message !== ALREADY_SIGNED_IN) {
        toast.success('Your demo shop is ready', {
          description: 'Explore it freely. To keep it, add your email and a password.',
        })
      }
      router.replace(destination)
      router.refresh()
    },
  })
  return (
    <form {...formProps} className={className}>
      <Button type="submit" size="lg" variant={variant} disabled={pending} className="w-full">
        {pending ? 'Setting up your demo shop...' : 'View Demo'}
      </Button>
    </form>
  )
}
