import Link from 'next/link'
import { ArrowLeft } from 'lucide-react'

/** The "back to the list" link above a page's title. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className="inline-flex min-h-11 items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" /> {children}
    </Link>
  )
}
