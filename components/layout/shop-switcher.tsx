'use client'

import { usePathname } from 'next/navigation'
import { Store } from 'lucide-react'
import { chooseShop } from '@/lib/actions/choose-shop'
import type { MemberShop } from '@/lib/data/shops'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { ROLE_LABELS } from '@/lib/shops/roles'

/** For a member of several shops: which one they work in. Everything on screen is for that one. */
export function ShopSwitcher({ shops, current }: { shops: MemberShop[]; current: string }) {
  const pathname = usePathname()
  const { pending, formProps } = useServerForm(chooseShop, { errorTitle: 'Shop not switched', onSuccess: () => {} })
  return (
    <form {...formProps} className="flex min-w-0 items-center gap-1">
      <input type="hidden" name="path" value={pathname} />
      <label htmlFor="shop-switcher" className="sr-only">
        Shop
      </label>
      <Store aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <select
        id="shop-switcher"
        name="shop_id"
        defaultValue={current}
        key={current}
        disabled={pending}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="h-11 w-full min-w-0 truncate rounded-md border border-input bg-background px-2 text-sm sm:max-w-40"
      >
        {shops.map((shop) => (
          <option key={shop.id} value={shop.id}>
            {`${shop.name} (${ROLE_LABELS[shop.role]})`}
          </option>
        ))}
      </select>
    </form>
  )
}
