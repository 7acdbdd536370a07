/** A count by product: each product's name and how many units. */
export function CountList({ label, items, className = '' }: { label: string; items: readonly { productId: string; name: string; count: number }[]; className?: string }) {
  return (
    <ul className={`grid gap-1 ${className}`} aria-label={label}>
      {items.map((item) => (
        <li key={item.productId} className="flex justify-between gap-3">
          <span>{item.name}</span>
          <span className="tabular-nums">{item.count}</span>
        </li>
      ))}
    </ul>
  )
}
