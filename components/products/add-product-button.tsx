import Link from 'next/link'
import { Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'

// /app/products/new belongs to catalogue management (a later issue).
export function AddProductButton({ label = 'Add Product' }: { label?: string }) {
  return (
    <Button asChild>
      <Link href="/app/products/new">
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  )
}
