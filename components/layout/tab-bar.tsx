'use client'

import { usePathname } from 'next/navigation'
import { Ellipsis } from 'lucide-react'
import { MORE_LINKS, TABS, WITHOUT_TAB_BAR } from './app-links'
import { LinkMenu, useCurrentIn } from './link-menu'
import { NavLink, tabClass } from './nav-link'

/** The last tab: every page that has no tab of its own. */
function MoreTab() {
  const active = useCurrentIn(MORE_LINKS)
  return (
    <LinkMenu
      links={MORE_LINKS}
      side="top"
      trigger={
        <button type="button" className={tabClass(active)}>
          <Ellipsis aria-hidden="true" className="size-5 md:size-4" />
          More
        </button>
      }
    />
  )
}

/**
 * The app's tabs. Phones: a bar along the bottom of the screen, in thumb reach, each tab an equal
 * share of it (a tab added to TABS takes its share); pages with a bar of their own (the review's
 * Confirm) hide it there. Wider screens: links in the header.
 */
export function TabBar() {
  const pathname = usePathname()
  const hidden = WITHOUT_TAB_BAR.some((prefix) => pathname.startsWith(prefix))
  return (
    <nav
      aria-label="Main"
      data-tab-bar=""
      data-phone-hidden={hidden ? '' : undefined}
      className={`fixed inset-x-0 bottom-0 z-40 border-t bg-background md:static md:border-0 md:bg-transparent ${hidden ? 'max-md:hidden' : ''}`}
    >
      <ul className="grid grid-flow-col auto-cols-fr md:flex md:gap-1">
        {TABS.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <NavLink href={href}>
              <Icon aria-hidden="true" className="size-5 md:size-4" />
              {label}
            </NavLink>
          </li>
        ))}
        <li>
          <MoreTab />
        </li>
      </ul>
    </nav>
  )
}
