import Link from 'next/link'
import { LockKeyhole } from 'lucide-react'
import { ROLE_LABELS, type Role } from '@/lib/shops/roles'
import { Button } from '@/components/ui/button'

interface RoleRequiredProps {
  /** what the page is, as a heading says it: "Reports" */
  page: string
  shop: { name: string; role: Role }
  /** who may use it */
  who?: 'the owner and managers' | 'the owner'
}

/** What a page answers a member whose role cannot use it: plainly, with the way back to what they can use. */
export function RoleRequired({ page, shop, who = 'the owner and managers' }: RoleRequiredProps) {
  return (
    <main className="mx-auto grid w-full max-w-md flex-1 content-center justify-items-center gap-4 px-4 py-16 text-center">
      <LockKeyhole aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">
        {page}: for {who}
      </h1>
      <p className="text-muted-foreground">
        You are {ROLE_LABELS[shop.role].toLowerCase()} at {shop.name}. Ask the owner if you need this page.
      </p>
      <Button asChild>
        <Link href="/app/products">Back to products</Link>
      </Button>
    </main>
  )
}
