import { Spinner } from '@/components/ui/spinner'

export default function Loading() {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground">
        <Spinner className="size-8 text-primary" />
        <p>Loading product...</p>
      </div>
    </main>
  )
}
