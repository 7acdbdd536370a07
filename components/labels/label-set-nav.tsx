import Link from 'next/link'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { MAX_LABELS, labelsHref } from '@/lib/labels/label-sheet'
import { formatCount } from '@/lib/format/count'

interface LabelSetNavProps {
  copies: number | null
  set: number
  setCount: number
  /** products shown: first (1-based), last, and all that need a label */
  first: number
  last: number
  total: number
}

/** More labels than one print holds: the products come in sets, each printed on its own. */
export function LabelSetNav({ copies, set, setCount, first, last, total }: LabelSetNavProps) {
  const step = (to: number, label: string, rel: 'prev' | 'next') => (
    <Button asChild variant="outline">
      <Link href={labelsHref({ copies, set: to })} rel={rel}>
        {rel === 'prev' && <ChevronLeft aria-hidden="true" />}
        {label}
        {rel === 'next' && <ChevronRight aria-hidden="true" />}
      </Link>
    </Button>
  )
  return (
    <nav aria-label="Label sets" className="grid gap-2 print:hidden">
      <p className="text-sm">
        Products {formatCount(first)}–{formatCount(last)} of {formatCount(total)}: up to {MAX_LABELS} labels print at once. Print this set,
        then the next.
      </p>
      <div className="flex items-center justify-between gap-2">
        {set > 1 ? step(set - 1, 'Previous set', 'prev') : <span />}
        <p className="text-sm text-muted-foreground">
          Set {set} of {setCount}
        </p>
        {set < setCount ? step(set + 1, 'Next set', 'next') : <span />}
      </div>
    </nav>
  )
}
