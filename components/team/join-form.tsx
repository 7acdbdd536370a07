'use client'

import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { joinShop } from '@/lib/actions/join-shop'
import type { MyInvite } from '@/lib/data/team'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { homeOf } from '@/lib/shops/roles'
import { Button } from '@/components/ui/button'

/** One invitation to the signed-in person's address: join, and go to the shop. */
export function JoinForm({ invite }: { invite: MyInvite }) {
  const router = useRouter()
  const { pending, formProps } = useServerForm(joinShop, {
    errorTitle: `Could not join ${invite.shop_name}`,
    onSuccess: () => {
      toast.success(`You joined ${invite.shop_name}`)
      router.replace(homeOf(invite.role))
      router.refresh()
    },
  })
  return (
    <form {...formProps}>
      <input type="hidden" name="id" value={invite.id} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Joining...' : `Join ${invite.shop_name}`}
      </Button>
    </form>
  )
}
