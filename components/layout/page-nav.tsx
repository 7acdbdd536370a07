import Link from 'next/link'
import { Button } from '@/components/ui/button'

interface PageNavProps {
  /** what the pages are of, for screen readers: "History pages" */
  label: string
  page: number
  pageCount: number
  href: (page: number) => string
}

/** Newer / Older links around "Page 2 of 5", for a list that runs newest first; nothing for one page. */
export function PageNav({ label, page, pageCount, href }: PageNavProps) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link href={href(page - 1)}>Newer</Link>
        </Button>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Button asChild variant="outline">
          <Link href={href(page + 1)}>Older</Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  )
}
