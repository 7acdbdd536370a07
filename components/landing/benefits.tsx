import Link from 'next/link'
import { CheckCircle2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { signUpHref } from '@/lib/auth/auth-mode'

// What ShelfSnap does today, and nothing it does not.
const benefits = [
  'Counts from shelf photos: every barcode and QR label in a photo is read, no scanning item by item',
  'An optional AI count, for shops that connect a vision model',
  'A stock ledger: every change with its reason, its time and where it came from',
  'Low-stock alerts on your dashboard, and a daily email when something runs low',
  'Reorder suggestions from what each product sells, turned into draft orders for your suppliers',
  'The daily report by email or WhatsApp, at the time you choose',
  'Export to CSV or a live Google Sheets feed, and your catalogue imported from a spreadsheet',
  'QR labels to print for products without a barcode',
  'Built for corner shops, cafes and small warehouses',
]

export function Benefits({ signedIn }: { signedIn: boolean }) {
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
          <h2 className="text-2xl font-bold">Ready to stop counting by hand?</h2>
          <p className="text-muted-foreground">Set up your shop in a minute. No card needed.</p>
          <Button asChild size="lg">
            <Link href={signedIn ? '/upload' : signUpHref('/upload')}>Start Free Trial</Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
