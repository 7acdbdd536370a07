'use client'

import type { ReviewLine } from '@/lib/stocktakes/review'
import { useChoice } from './use-choice'

/**
 * When the photos cover everything, the products they did not show: each kept
 * as it is unless the owner says there are none. Nothing is zeroed silently.
 */
export function AbsentProducts({ lines, readOnly, onChoose }: { lines: ReviewLine[]; readOnly: boolean; onChoose: (productId: string, value: 'keep' | 'zero') => void }) {
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
          <AbsentProduct key={line.product_id} line={line} readOnly={readOnly} onChoose={(value) => onChoose(line.product_id, value)} />
        ))}
      </ul>
    </section>
  )
}

function AbsentProduct({ line, readOnly, onChoose }: { line: ReviewLine; readOnly: boolean; onChoose: (value: 'keep' | 'zero') => void }) {
  const [chosen, choose] = useChoice(line.absent)
  return (
    <li className="min-w-0 rounded-xl border p-3">
      <fieldset disabled={readOnly} className="grid gap-2">
        <legend className="font-medium break-words">{line.name}</legend>
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
          <dt className="text-muted-foreground">Stock now</dt>
          <dd className="text-right tabular-nums">{line.qty_now}</dd>
          <dt className="font-semibold">Stock after confirming</dt>
          <dd className="text-right font-semibold tabular-nums">{line.qty_after}</dd>
        </dl>
      </fieldset>
    </li>
  )
}
