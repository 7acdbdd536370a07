import { Download } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** "Export CSV": a plain link, since the route answers with a file, not a page. */
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  )
}
