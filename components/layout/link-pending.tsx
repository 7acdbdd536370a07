'use client'

import { useLinkStatus } from 'next/link'
import { usePathname } from 'next/navigation'
import { useState } from 'react'

/**
 * The bar a link (or the menu button it was in) shows while the page it opens is on the way. Its
 * parent is `relative`. Pages without a loading screen (/reports draws its figures in one piece)
 * arrive whole, so the tapped link is what says the tap was taken.
 */
export function PendingBar({ pending, edge = 'bottom' }: { pending: boolean; edge?: 'top' | 'bottom' }) {
  if (!pending) return null
  return (
    <span
      aria-hidden="true"
      data-link-pending=""
      className={`pointer-events-none absolute inset-x-2 h-0.5 animate-pulse rounded-full bg-primary ${edge === 'top' ? 'top-0' : 'bottom-0'}`}
    />
  )
}

/** Inside a Link: its PendingBar while its page is on the way. */
export function LinkPending({ edge }: { edge?: 'top' | 'bottom' }) {
  return <PendingBar pending={useLinkStatus().pending} edge={edge} />
}

/**
 * For a menu of links, which closes (and unmounts its links) as one is chosen: pending from the
 * choice until the app is on another page, or for 10 s at most (a navigation given up, Back).
 */
export function useMenuNavigation(): [pending: boolean, navigating: () => void] {
  const pathname = usePathname()
  const [from, setFrom] = useState<string | null>(null)
  // arrived: forget where it left from, or coming Back there would show it pending again
  if (from !== null && from !== pathname) setFrom(null)
  const navigating = () => {
    setFrom(pathname)
    setTimeout(() => setFrom((current) => (current === pathname ? null : current)), 10_000)
  }
  return [from === pathname, navigating]
}
