'use client'

import type { Coverage } from '@/lib/data/stocktakes'
import { useChoice } from './use-choice'

const CHOICES: { value: Coverage; title: string; hint: string }[] = [
  {
    value: 'shelf',
    title: 'Only what’s on the shelf',
    hint: 'Stock in a back room stays as it is. Stock goes down by what left the shelf and was not recorded as sold.',
  },
  { value: 'all', title: 'Everything we hold', hint: 'The evening count becomes the stock. Products in no photo are listed below.' },
]

/** What the photos cover, asked once per stocktake (each product can differ). */
export function CoverageChoice({ value, disabled, onChange }: { value: Coverage; disabled: boolean; onChange: (value: Coverage) => void }) {
  const [chosen, choose] = useChoice(value)
  return (
    <fieldset className="grid gap-2 rounded-xl border p-4" disabled={disabled}>
      <legend className="px-1 font-semibold">What do these photos cover?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <input
              type="radio"
              name="coverage"
              value={choice.value}
              checked={chosen === choice.value}
              onChange={() => {
                choose(choice.value)
                onChange(choice.value)
              }}
              className="mt-1 size-5 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{choice.title}</span>
              <span className="text-sm text-muted-foreground">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
