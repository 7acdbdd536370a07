import { Spinner } from '@/components/ui/spinner'

export function ProductsLoading() {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground">
      <Spinner className="size-8 text-primary" />
      <p>Loading products...</p>
    </div>
  )
}
