'use client'

import { stockFigures, type LineChange } from '@/lib/stocktakes/line-figures'
import type { ReviewLine } from '@/lib/stocktakes/review'
import { cn } from '@/lib/utils'
import { reviewCardId } from './review-card'
import { useChoice } from './use-choice'

interface AbsentProductsProps {
  lines: ReviewLine[]
  readOnly: boolean
  confirmed: boolean
  /** products whose numbers changed since the owner last saw them: marked */
  changed: ReadonlyMap<string, LineChange>
  onChoose: (productId: string, value: 'keep' | 'zero') => void
}

/**
 * When the photos cover everything, the products they did not show: each kept
 * as it is unless the owner says there are none. Nothing is zeroed silently.
 */
export function AbsentProducts({ lines, readOnly, confirmed, changed, onChoose }: AbsentProductsProps) {
  if (lines.length === 0) return null
  const zeroed = lines.filter((line) => line.absent === 'zero').length
  return (
    <section aria-labelledby="absent-title" className="grid gap-2">
      <h2 id="absent-title" className="text-lg font-semibold">Not in the photos</h2>
      <p className="text-sm text-muted-foreground">
        {lines.length} {lines.length === 1 ? 'product' : 'products'} of the catalogue appeared in no photo. Each keeps its stock unless you set it to 0
        {zeroed > 0 ? ` (${zeroed} set to 0)` : ''}.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {lines.map((line) => (
          <AbsentProduct
            key={line.product_id}
            line={line}
            readOnly={readOnly}
            confirmed={confirmed}
            changed={changed.has(line.product_id)}
            onChoose={(value) => onChoose(line.product_id, value)}
          />
        ))}
      </ul>
    </section>
  )
}

interface AbsentProductProps {
  line: ReviewLine
  readOnly: boolean
  confirmed: boolean
  changed: boolean
  onChoose: (value: 'keep' | 'zero') => void
}

function AbsentProduct({ line, readOnly, confirmed, changed, onChoose }: AbsentProductProps) {
  const [chosen, choose] = useChoice(line.absent)
  return (
    <li id={reviewCardId(line.product_id)} className={cn('min-w-0 scroll-mt-20 rounded-xl border p-3', changed && 'border-amber-500 ring-2 ring-amber-500/40')}>
      <fieldset disabled={readOnly} className="grid gap-2">
        <legend className="font-medium break-words">{line.name}</legend>
        {changed && <p className="text-xs font-medium text-amber-800">Changed since you opened the review</p>}
        <div className="flex flex-wrap gap-2">
          {(['keep', 'zero'] as const).map((value) => (
            <label key={value} className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
              <input
                type="radio"
                name={`absent-${line.product_id}`}
                value={value}
                checked={chosen === value}
                onChange={() => {
                  choose(value)
                  onChoose(value)
                }}
                className="size-5 accent-primary"
              />
              {value === 'keep' ? 'Keep as is' : 'Set to 0'}
            </label>
          ))}
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm">
          {stockFigures(line, confirmed).map(({ term, value, strong }) => (
            <div key={term} className="contents">
              <dt className={strong ? 'font-semibold' : 'text-muted-foreground'}>{term}</dt>
              <dd className={cn('text-right tabular-nums', strong && 'font-semibold')}>{value}</dd>
            </div>
          ))}
        </dl>
      </fieldset>
    </li>
  )
}
