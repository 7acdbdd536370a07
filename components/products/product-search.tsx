'use client'

import { useEffect, useRef, useState, useTransition } from 'react'
import { usePathname, useRouter } from 'next/navigation'
import { Search } from 'lucide-react'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'

const DEBOUNCE_MS = 300

/** Search runs on the server (?q=); this only keeps the URL in step with the box. */
export function ProductSearch({ initialQuery }: { initialQuery: string }) {
  const router = useRouter()
  const pathname = usePathname()
  const [query, setQuery] = useState(initialQuery)
  const [pending, startTransition] = useTransition()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  function search(text: string) {
    const params = new URLSearchParams()
    if (text.trim()) params.set('q', text.trim())
    const target = params.size ? `${pathname}?${params}` : pathname
    startTransition(() => router.replace(target, { scroll: false }))
  }

  return (
    <form
      role="search"
      action={pathname}
      onSubmit={(event) => {
        event.preventDefault()
        clearTimeout(timer.current)
        search(query)
      }}
      className="relative"
    >
      <label htmlFor="product-search" className="sr-only">
        Search products
      </label>
      <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="product-search"
        name="q"
        type="search"
        placeholder="Search products..."
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          clearTimeout(timer.current)
          const text = event.target.value
          timer.current = setTimeout(() => search(text), DEBOUNCE_MS)
        }}
        className="pr-10 pl-9"
      />
      {pending && <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />}
    </form>
  )
}
