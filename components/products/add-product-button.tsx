import Link from 'next/link'
import { Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'

export function AddProductButton({ label = 'Add Product' }: { label?: string }) {
  return (
    <Button asChild>
      <Link href="/app/products/new" prefetch={false}>
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  )
}
