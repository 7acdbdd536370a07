'use client'

import { useId } from 'react'
import type { ProductSighting } from '@/lib/data/stocktake-review'
import type { Coverage } from '@/lib/data/stocktakes'
import type { FigureChange } from '@/lib/stocktakes/line-figures'
import type { ReviewLine } from '@/lib/stocktakes/review'
import { cn } from '@/lib/utils'
import { CountField } from './count-field'
import { LineFigures } from './line-figures'
import { PhotoCrop } from './photo-crop'
import type { EditField } from './use-review'
import { useChoice } from './use-choice'

/** The card's id, for the list of changed products to link to. */
export const reviewCardId = (productId: string) => `product-${productId}`

const COVERAGE_WORDS: Record<Coverage, string> = { shelf: 'Only the shelf', all: 'Everything we hold' }

interface ReviewCardProps {
  line: ReviewLine
  /** the stocktake's own answer, which a product follows unless told otherwise */
  coverage: Coverage
  sighting: ProductSighting | null
  photoUrl: string | null
  readOnly: boolean
  confirmed: boolean
  /** what changed since the owner last saw this card (confirming was refused): the card is marked */
  changes?: readonly FigureChange[]
  onSave: (field: EditField, value: string) => void
  onDirty: (key: string, dirty: boolean) => void
}

/** One product of the review: where it was found, its counts (editable), and what confirming does to its stock. */
export function ReviewCard({ line, coverage, sighting, photoUrl, readOnly, confirmed, changes, onSave, onDirty }: ReviewCardProps) {
  const id = useId()
  const [covers, cover] = useChoice(line.coverage === coverage ? 'default' : (line.coverage ?? 'default'))
  const field = (name: EditField, label: string, value: number) => (
    <CountField
      label={label}
      name={line.name}
      value={value}
      readOnly={readOnly}
      onSave={(next) => onSave(name, String(next))}
      onDirty={(dirty) => onDirty(`${line.product_id}:${name}`, dirty)}
    />
  )
  return (
    <article
      id={reviewCardId(line.product_id)}
      aria-labelledby={`${id}-name`}
      className={cn('grid min-w-0 scroll-mt-20 content-start gap-3 rounded-xl border bg-card p-4', changes && 'border-amber-500 ring-2 ring-amber-500/40')}
    >
      <header className="flex min-w-0 items-start gap-3">
        {sighting && photoUrl && <PhotoCrop sighting={sighting} url={photoUrl} name={line.name} />}
        <div className="min-w-0">
          <h3 id={`${id}-name`} className="font-semibold break-words">{line.name}</h3>
          {changes && <p className="text-xs font-medium text-amber-800">Changed since you opened the review</p>}
          {line.sku && <p className="text-xs break-all text-muted-foreground">{line.sku}</p>}
          {line.analysers && (
            <p className="text-xs text-muted-foreground">
              {line.analysers === 'vision' ? `Vision model, ${Math.round((line.confidence ?? 0) * 100)}% sure: check it` : 'Counted by barcode'}
            </p>
          )}
        </div>
      </header>
      <div className="grid grid-cols-3 items-end gap-2">
        {field('start_count', 'Morning count', line.start_count)}
        {field('end_count', 'Evening count', line.end_count)}
        {line.coverage === 'shelf' && field('moved', 'Moved from storage to shelf', line.moved)}
      </div>
      {!readOnly && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-coverage`} className="text-xs text-muted-foreground">
            These photos cover<span className="sr-only"> for {line.name}</span>
          </label>
          <select
            id={`${id}-coverage`}
            className="h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
            value={covers}
            onChange={(event) => {
              cover(event.target.value)
              onSave('product_coverage', event.target.value)
            }}
          >
            <option value="default">Same as the stocktake ({COVERAGE_WORDS[coverage]})</option>
            <option value="shelf">{COVERAGE_WORDS.shelf}</option>
            <option value="all">{COVERAGE_WORDS.all}</option>
          </select>
        </div>
      )}
      <LineFigures line={line} confirmed={confirmed} changed={changes && new Set(changes.map((change) => change.term))} />
    </article>
  )
}
