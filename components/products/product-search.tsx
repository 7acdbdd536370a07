import { Search } from 'lucide-react'
import { Input } from '@/components/ui/input'

/** The search box: filtering happens on the phone as the owner types. */
interface ProductSearchProps {
  value: string
  onChange: (text: string) => void
}

export function ProductSearch({ value, onChange }: ProductSearchProps) {
  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} className="relative min-w-46 flex-1">
      <label htmlFor="product-search" className="sr-only">
        Search products
      </label>
      <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="product-search"
        name="q"
        type="search"
        placeholder="Search products..."
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </form>
  )
}
