import Link from 'next/link'
import { Pencil } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DeleteProductButton } from './delete-product-button'

/** Edit and delete, laid over the corner of a product card's photo. */
export function ProductCardActions({ id, name }: { id: string; name: string }) {
  return (
    <div className="absolute top-1 right-1 flex gap-1">
      <Button asChild variant="ghost" size="icon" className="bg-background/80 backdrop-blur-sm">
        <Link href={`/app/products/${id}/edit`} prefetch={false} aria-label={`Edit ${name}`}>
          <Pencil aria-hidden="true" />
        </Link>
      </Button>
      <DeleteProductButton id={id} name={name} compact />
    </div>
  )
}
