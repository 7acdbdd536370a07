import Link from 'next/link'

/** While a visitor explores their demo shop: how to keep it. */
export function DemoBanner() {
  return (
    <aside aria-label="Demo shop" className="border-b bg-secondary px-4 py-2 text-sm">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span>You are exploring a demo shop. Add your email to keep it: signing out ends the demo.</span>
        <Link href="/auth/keep" className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4">
          Keep this shop
        </Link>
      </p>
    </aside>
  )
}
