import Link from 'next/link'
import { cn } from '@/lib/utils'
import { LinkPending } from './link-pending'

interface FilterLinksProps {
  /** what the links choose, for screen readers: "Report period" */
  label: string
  links: readonly { href: string; label: string; current: boolean }[]
}

/** A row of pill links that each show the page another way, the shown one marked as the current page. */
export function FilterLinks({ label, links }: FilterLinksProps) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              prefetch={false}
              aria-current={link.current ? 'page' : undefined}
              className={cn(
                'relative inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium',
                link.current ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
              )}
            >
              {link.label}
              <LinkPending />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
