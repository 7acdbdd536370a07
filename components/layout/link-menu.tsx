'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import type { ComponentProps, ReactElement } from 'react'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { isCurrent, type AppLink } from './app-links'
import { useMenuNavigation } from './link-pending'

interface LinkMenuProps {
  /** the button that opens it (its name is the menu's name too), told when a page chosen from the menu is on the way */
  trigger: (pending: boolean) => ReactElement
  links: readonly AppLink[]
  side?: ComponentProps<typeof DropdownMenuContent>['side']
  align?: ComponentProps<typeof DropdownMenuContent>['align']
}

/**
 * A button that opens a menu of links (Radix: role="menu", arrow keys, Escape, focus back to the
 * button). The page the owner is on is marked as current.
 */
export function LinkMenu({ trigger, links, side = 'bottom', align = 'end' }: LinkMenuProps) {
  const pathname = usePathname()
  // the menu closes as a link is chosen: its button is what shows the page is on the way
  const [pending, navigating] = useMenuNavigation()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger(pending)}</DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align}>
        {links.map(({ href, label: text, icon: Icon, file }) => {
          const current = isCurrent(pathname, href)
          return (
            <DropdownMenuItem key={href} asChild className={current ? 'font-semibold text-primary' : undefined}>
              {file ? (
                <a href={href} download>
                  <Icon aria-hidden="true" />
                  {text}
                </a>
              ) : (
                <Link href={href} prefetch={false} aria-current={current ? 'page' : undefined} onNavigate={current ? undefined : navigating}>
                  <Icon aria-hidden="true" />
                  {text}
                </Link>
              )}
            </DropdownMenuItem>
          )
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** Whether the page the owner is on is one of these links (its menu's button shows it). */
export function useCurrentIn(links: readonly AppLink[]): boolean {
  const pathname = usePathname()
  return links.some(({ href }) => isCurrent(pathname, href))
}
