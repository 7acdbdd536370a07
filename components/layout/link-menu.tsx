'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import type { ComponentProps, ReactElement } from 'react'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { isCurrent, type AppLink } from './app-links'

interface LinkMenuProps {
  /** the button that opens it: its name is the menu's name too */
  trigger: ReactElement
  links: readonly AppLink[]
  side?: ComponentProps<typeof DropdownMenuContent>['side']
  align?: ComponentProps<typeof DropdownMenuContent>['align']
  /** a link to another page was chosen (the menu closes; its trigger can show the page is on the way) */
  onNavigate?: () => void
}

/**
 * A button that opens a menu of links (Radix: role="menu", arrow keys, Escape, focus back to the
 * button). The page the owner is on is marked as current.
 */
export function LinkMenu({ trigger, links, side = 'bottom', align = 'end', onNavigate }: LinkMenuProps) {
  const pathname = usePathname()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
                <Link href={href} prefetch={false} aria-current={current ? 'page' : undefined} onNavigate={current ? undefined : onNavigate}>
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
