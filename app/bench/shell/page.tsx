import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

export const metadata: Metadata = { title: 'Shell baseline', robots: { index: false } }

// `npm run bench -- lighthouse`'s baseline: the root layout (header, tab bar, toaster) around a page
// with no client code of its own, scored in the same run as the real pages. 404 unless the bench started the server.
export default function ShellBaselinePage() {
  if (process.env.SHELFSNAP_BENCH_ROUTES !== '1') notFound()
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">Shell baseline</h1>
      <p className="mt-2 text-muted-foreground">
        The layout every ShelfSnap page shares, with text only: what the framework and the shell cost before a page adds its own code.
      </p>
    </main>
  )
}
