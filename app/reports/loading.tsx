import { Spinner } from '@/components/ui/spinner'

export default function Loading() {
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6" aria-busy="true">
      <h1 className="text-2xl font-bold sm:text-3xl">Reports</h1>
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Working out the figures…
      </p>
    </main>
  )
}
