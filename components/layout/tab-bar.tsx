'use client'

import { usePathname } from 'next/navigation'
import { Ellipsis } from 'lucide-react'
import type { Role } from '@/lib/shops/roles'
import { linksFor, MORE_LINKS, TABS, WITHOUT_TAB_BAR, type AppLink } from './app-links'
import { LinkMenu, useCurrentIn } from './link-menu'
import { PendingBar } from './link-pending'
import { NavLink, tabClass } from './nav-link'

/** The last tab: every page that has no tab of its own. */
function MoreTab({ links }: { links: readonly AppLink[] }) {
  const active = useCurrentIn(links)
  return (
    <LinkMenu
      links={links}
      side="top"
      trigger={(pending) => (
        <button type="button" className={tabClass(active)}>
          <Ellipsis aria-hidden="true" className="size-5 md:size-4" />
          More
          <PendingBar pending={pending} edge="top" />
        </button>
      )}
    />
  )
}

/**
 * The app's tabs. Phones: a bar along the bottom of the screen, in thumb reach, each tab an equal
 * share of it (a tab added to TABS takes its share); pages with a bar of their own (the review's
 * Confirm) hide it there. Wider screens: links in the header.
 */
export function TabBar({ role }: { role: Role | null }) {
  const pathname = usePathname()
  const more = linksFor(MORE_LINKS, role)
  const hidden = WITHOUT_TAB_BAR.some((prefix) => pathname.startsWith(prefix))
  return (
    <nav
      aria-label="Main"
      data-tab-bar=""
      data-phone-hidden={hidden ? '' : undefined}
      className={`fixed inset-x-0 bottom-0 z-40 border-t bg-background md:static md:border-0 md:bg-transparent ${hidden ? 'max-md:hidden' : ''}`}
    >
      <ul className="grid grid-flow-col auto-cols-fr md:flex md:gap-1">
        {linksFor(TABS, role).map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <NavLink href={href}>
              <Icon aria-hidden="true" className="size-5 md:size-4" />
              {label}
            </NavLink>
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <MoreTab links={more} />
          </li>
        )}
      </ul>
    </nav>
  )
}
