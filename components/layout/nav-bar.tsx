import Link from 'next/link'
import { Camera } from 'lucide-react'
import { getCurrentShop } from '@/lib/auth/current-shop'
import { getCurrentUser } from '@/lib/auth/current-user'
import { isDemoVisitor } from '@/lib/demo/demo-visitor'
import { Button } from '@/components/ui/button'
import { AccountMenu } from './account-menu'
import { DemoBanner } from './demo-banner'
import { ShopSwitcher } from './shop-switcher'
import { ShownShop } from './shown-shop'
import { SignOutButton } from './sign-out-button'
import { TabBar } from './tab-bar'

export async function NavBar() {
  const user = await getCurrentUser()
  const demo = user !== null && (await isDemoVisitor())
  // Which links and shops to offer; if it cannot be read, the pages themselves say what went wrong.
  const choice = user ? await getCurrentShop().catch(() => null) : null
  return (
    <>
      {/* No backdrop-filter on the header: it would become the containing block of the fixed tab bar. */}
      <header className="sticky top-0 z-40 border-b bg-background">
        {/* A phone puts the shop switcher on a row of its own below: beside Sign Out it showed "Olive …". */}
        <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center justify-between gap-x-2 px-4">
          <Link href="/" prefetch={false} className="flex h-14 items-center gap-2 text-lg font-bold text-primary">
            <Camera aria-hidden="true" className="size-5" />
            ShelfSnap
          </Link>
          {user ? (
            <>
              {choice && <ShownShop id={choice.shop.id} />}
              <TabBar role={choice?.shop.role ?? null} />
              <div className="contents sm:flex sm:min-w-0 sm:items-center sm:gap-1">
                {choice && choice.shops.length > 1 && (
                  <div className="order-last w-full min-w-0 pb-2 sm:order-none sm:w-auto sm:pb-0">
                    <ShopSwitcher shops={choice.shops} current={choice.shop.id} />
                  </div>
                )}
                <div className="flex items-center gap-1">
                  <AccountMenu email={user.email} />
                  <SignOutButton />
                </div>
              </div>
            </>
          ) : (
            <nav aria-label="Main" className="flex items-center gap-1">
              <Button asChild variant="ghost">
                <Link href="/">Home</Link>
              </Button>
              <Button asChild>
                <Link href="/auth">Sign In</Link>
              </Button>
            </nav>
          )}
        </div>
      </header>
      {demo && <DemoBanner />}
    </>
  )
}
