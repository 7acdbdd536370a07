import Link from 'next/link'
import { Star } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TryDemoButton } from '@/components/auth/try-demo-button'
import { signUpHref } from '@/lib/auth/auth-mode'

/** Signed out, the calls to action lead to sign-up and to a demo shop of the visitor's own. */
export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="bg-gradient-to-b from-secondary to-background px-4 py-14 text-center sm:py-20">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6">
        <p className="inline-flex items-center gap-1.5 rounded-full border bg-background px-3 py-1 text-sm">
          <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
          <span>4.9 • 2,389+ businesses</span>
        </p>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          Snap your shelves. <span className="text-primary">Know your stock.</span>
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Photograph your shelves at the start and end of the day. ShelfSnap reads the barcodes and QR labels in the
          photos, works out what sold or went missing, keeps your stock ledger and warns you when stock runs low.
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link href={signedIn ? '/upload' : signUpHref('/upload')}>Get Started Free</Link>
          </Button>
          {signedIn ? (
            <Button asChild size="lg" variant="outline">
              <Link href="/dashboard">View Demo</Link>
            </Button>
          ) : (
            <TryDemoButton destination="/dashboard" />
          )}
        </div>
      </div>
    </section>
  )
}
