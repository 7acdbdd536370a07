'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { makeFeedLink, type FeedActionState } from '@/lib/actions/report-feed-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { ConfirmActionDialog } from '@/components/feedback/confirm-action-dialog'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** The Google Sheets feed: make or replace its secret link, and the formulas to paste, shown once. */
export function SheetsFeed({ madeAt }: { madeAt: string | null }) {
  const [replaced, setReplaced] = useState<FeedActionState['formulas']>()
  const { state, pending, formProps } = useServerForm(makeFeedLink, {
    errorTitle: 'Could not make the feed link',
    onSuccess: () => toast.success('Feed link made', { description: 'Paste a formula into your sheet.' }),
  })
  const formulas = replaced ?? (state as FeedActionState).formulas
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {madeAt
          ? `Your feed link was made ${madeAt}. It is shown only when it is made: if you have lost it, make a new one (the old one stops at once).`
          : 'Make a secret link, then paste its formula into a cell of a Google Sheet: the sheet keeps itself up to date.'}
      </p>
      {formulas && (
        <div className="grid gap-3 rounded-xl border p-3" role="status">
          <p className="text-sm font-medium">Copy these now: the link is not shown again.</p>
          {(
            [
              ['feed-report', "Today's report", formulas.report],
              ['feed-stock', 'Stock list', formulas.stock],
            ] as const
          ).map(([id, label, value]) => (
            <div key={id} className="grid gap-1">
              <Label htmlFor={id}>{label}</Label>
              <Input id={id} readOnly value={value} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
            </div>
          ))}
        </div>
      )}
      {madeAt ? (
        // a new link stops the old one at once: every sheet that uses it stops updating
        <ConfirmActionDialog
          trigger={<Button variant="outline">Make a new link</Button>}
          title="Make a new feed link?"
          description="The current link stops working at once: every sheet that uses it stops updating until you paste the new formula into it."
          confirmLabel="Make a new link"
          pendingLabel="Making the link..."
          action={makeFeedLink}
          fields={{}}
          errorTitle="Could not make the feed link"
          onDone={(done) => {
            setReplaced((done as FeedActionState).formulas)
            toast.success('Feed link made', { description: 'The old link has stopped working.' })
          }}
        />
      ) : (
        <form {...formProps}>
          <Button type="submit" disabled={pending}>
            {pending ? 'Making the link...' : 'Make a feed link'}
          </Button>
        </form>
      )}
    </div>
  )
}
