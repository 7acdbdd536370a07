import Link from 'next/link'

/** While a visitor explores their demo shop: how to keep it. */
export function DemoBanner() {
  return (
    // One line on a phone: the counter list below needs the height.
    <aside aria-label="Demo shop" className="border-b bg-secondary px-4 text-sm">
      <p className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <span className="min-w-0">Demo shop: signing out ends it.</span>
        <Link href="/auth/keep" className="inline-flex min-h-10 shrink-0 items-center font-semibold text-primary underline underline-offset-4">
          Keep this shop
        </Link>
      </p>
    </aside>
  )
}
