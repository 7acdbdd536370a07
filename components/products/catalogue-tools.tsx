'use client'

import { ChevronDown, Wrench } from 'lucide-react'
import { CATALOGUE_TOOLS, linksFor } from '@/components/layout/app-links'
import { LinkMenu } from '@/components/layout/link-menu'
import { PendingBar } from '@/components/layout/link-pending'
import { Button } from '@/components/ui/button'
import type { Role } from '@/lib/shops/roles'

/** Import and export the catalogue as CSV, print QR labels; suppliers, reorder and orders: one menu at the top of the list. */
export function CatalogueTools({ role }: { role: Role }) {
  return (
    <LinkMenu
      links={linksFor(CATALOGUE_TOOLS, role)}
      trigger={(pending) => (
        <Button variant="outline" className="relative gap-1 px-3">
          <Wrench aria-hidden="true" />
          {/* Beside the title and Add Product, a phone under 400 px wide has room for the icons only. */}
          <span className="max-[399px]:sr-only">Tools</span>
          <ChevronDown aria-hidden="true" />
          <PendingBar pending={pending} />
        </Button>
      )}
    />
  )
}
