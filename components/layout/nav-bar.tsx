import Link from 'next/link'
import { Camera, LayoutDashboard, Package } from 'lucide-react'
import { getCurrentUser } from '@/lib/auth/current-user'
import { isDemoVisitor } from '@/lib/demo/demo-visitor'
import { Button } from '@/components/ui/button'
import { DemoBanner } from './demo-banner'
import { NavLink } from './nav-link'
import { SignOutButton } from './sign-out-button'

const appLinks = [
  { href: '/app/products', label: 'Products', icon: Package },
  { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/upload', label: 'Upload Photos', icon: Camera },
]

export async function NavBar() {
  const user = await getCurrentUser()
  const demo = user !== null && (await isDemoVisitor())
  return (
    <>
      {/* No backdrop-filter on the header: it would become the containing block of the fixed tab bar. */}
      <header className="sticky top-0 z-40 border-b bg-background">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4">
          <Link href="/" prefetch={false} className="flex min-h-11 items-center gap-2 text-lg font-bold text-primary">
            <Camera aria-hidden="true" className="size-5" />
            ShelfSnap
          </Link>
          {user ? (
            <>
              {/* Phones: the app links become a bottom tab bar, in thumb reach. */}
              <nav
                aria-label="Main"
                className="fixed inset-x-0 bottom-0 z-40 border-t bg-background md:static md:border-0 md:bg-transparent"
              >
                <ul className="grid grid-cols-3 md:flex md:gap-1">
                  {appLinks.map(({ href, label, icon: Icon }) => (
                    <li key={href}>
                      <NavLink href={href}>
                        <Icon aria-hidden="true" className="size-5 md:size-4" />
                        {label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <SignOutButton />
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
