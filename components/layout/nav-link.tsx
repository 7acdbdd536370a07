'use client'

import Link from 'next/link'
import { usePathname, useRouter } from 'next/navigation'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/**
 * A tab of the app. Prefetched on intent (a touch, a pointer over it, the keyboard's focus)
 * rather than whenever it is on screen: on a phone, prefetching every tab as the page loads
 * competes with the page's own start.
 */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const active = usePathname().startsWith(href)
  const router = useRouter()
  const prefetch = () => router.prefetch(href)
  return (
    <Link
      href={href}
      prefetch={false}
      onPointerEnter={prefetch}
      onTouchStart={prefetch}
      onFocus={prefetch}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex min-h-14 flex-col items-center justify-center gap-0.5 px-3 text-xs font-medium text-muted-foreground md:min-h-11 md:flex-row md:gap-2 md:rounded-md md:text-sm',
        'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none md:hover:bg-accent',
        active && 'text-primary md:bg-accent',
      )}
    >
      {children}
    </Link>
  )
}
