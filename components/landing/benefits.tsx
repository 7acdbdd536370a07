import Link from 'next/link'
import { CheckCircle2 } from 'lucide-react'
import { Button } from '@/components/ui/button'

const benefits = [
  'AI photo comparison: no barcode scanning, no counting by hand',
  'Daily reports by WhatsApp and email',
  'Low-stock alerts before you run out',
  'Reorder suggestions based on what really sells',
  'Export to CSV or Google Sheets',
  'Built for corner shops, cafes and small warehouses',
]

export function Benefits() {
  return (
    <section aria-labelledby="benefits" className="bg-secondary px-4 py-14">
      <div className="mx-auto grid max-w-5xl gap-10 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="benefits" className="text-3xl font-bold">
            Why small shops choose ShelfSnap
          </h2>
          <ul className="mt-6 grid gap-3">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-3">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col items-start gap-4 rounded-xl border bg-background p-8">
          <h2 className="text-2xl font-bold">Ready to stop counting?</h2>
          <p className="text-muted-foreground">Set up your shop in a minute. No card needed.</p>
          <Button asChild size="lg">
            <Link href="/upload">Start Free Trial</Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
