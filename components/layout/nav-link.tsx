'use client'

import Link from 'next/link'
import { usePathname, useRouter } from 'next/navigation'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { isCurrent } from './app-links'
import { LinkPending } from './link-pending'

/** A tab's look, a link's or the "More" button's: icon over label in the phone's bar, side by side in the header. */
export const tabClass = (active: boolean) =>
  cn(
    'relative flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 text-center text-xs leading-tight font-medium text-muted-foreground md:min-h-11 md:w-auto md:flex-row md:gap-2 md:rounded-md md:px-3 md:text-sm',
    'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none md:hover:bg-accent',
    active && 'text-primary md:bg-accent',
  )

/**
 * A tab of the app. Prefetched on intent (a touch, a pointer over it, the keyboard's focus)
 * rather than whenever it is on screen: on a phone, prefetching every tab as the page loads
 * competes with the page's own start.
 */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const active = isCurrent(usePathname(), href)
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
      className={tabClass(active)}
    >
      {children}
      <LinkPending edge="top" />
    </Link>
  )
}
