import Link from 'next/link'
import { formatMoney } from '@/lib/format/money'
import type { PersonSales } from '@/lib/reports/sales-by-person'
import { cn } from '@/lib/utils'
import { ReportTable } from './report-table'

interface SalesByPersonProps {
  people: PersonSales[]
  /** the person chosen (?person=), or null for everyone */
  person: string | null
  currency: string
  /** the period's query (range, from, to): each choice keeps it */
  query: string
}

/** Who sold what in the period: everyone side by side, or one person's products. */
export function SalesByPerson({ people, person, currency, query }: SalesByPersonProps) {
  const chosen = person ? people.find((p) => p.user_id === person) : undefined
  const choices = [{ id: null, name: 'Everyone' }, ...people.filter((p) => p.user_id).map((p) => ({ id: p.user_id, name: p.name }))]
  return (
    <div className="grid gap-3">
      {people.length > 0 && (
        <nav aria-label="Whose sales" className="flex flex-wrap gap-2 print:hidden">
          {choices.map(({ id, name }) => {
            const current = (id ?? null) === (chosen?.user_id ?? null)
            return (
              <Link
                key={id ?? 'everyone'}
                href={`/reports?${query}${id ? `&person=${id}` : ''}#people`}
                aria-current={current ? 'page' : undefined}
                className={cn('inline-flex min-h-11 items-center rounded-full border px-4 text-sm', current && 'border-primary bg-primary text-primary-foreground')}
              >
                {name}
              </Link>
            )
          })}
        </nav>
      )}
      {chosen ? (
        <ReportTable
          id="people"
          title={`Sales by ${chosen.name}`}
          description="Their 10 best-selling products in the period; a sale undone is no sale."
          empty="No sales in this period."
          headers={['Product', 'Units', 'Value']}
          rows={chosen.products.map((product) => ({ key: product.name, cells: [product.name, product.units, formatMoney(product.value, currency)] }))}
        />
      ) : (
        <ReportTable
          id="people"
          title="Sales by person"
          description="Who tapped each sale at the counter; a sale undone is no sale."
          empty="No sales in this period."
          headers={['Person', 'Sales', 'Units', 'Value']}
          rows={people.map((p) => ({ key: p.user_id ?? 'unknown', cells: [p.name, p.sales, p.units, formatMoney(p.value, currency)] }))}
        />
      )}
    </div>
  )
}
