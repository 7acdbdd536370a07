'use client'

import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { setStocktakeTime } from '@/lib/actions/set-stocktake-time'
import { useFocusAfter } from '@/lib/hooks/use-focus-after'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'

interface SideTimeProps {
  sessionId: string
  side: 'start' | 'end'
  title: string
  /** as shown: "23 Nov 2026, 08:02" */
  shown: string | null
  /** the same moment as a datetime-local value on the shop's clock */
  local: string | null
  source: string | null
  /** set by hand: the owner can go back to the photos' own times */
  byOwner: boolean
  editable: boolean
}

const SOURCE: Record<string, string> = { camera: 'from the camera', uploaded: 'when it was uploaded', owner: 'set by hand' }

/** A side's time and where it came from; the owner can correct it, and the correction is kept apart from the photos' own times. */
export function SideTime({ sessionId, side, title, shown, local, source, byOwner, editable }: SideTimeProps) {
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  // Opened: the time field; closed again (saved, Cancel, Escape): the Correct button.
  useFocusAfter(() => box.current?.querySelector<HTMLElement>(open ? 'input[type="datetime-local"]' : '[data-correct]'), [open])
  const { state, pending, formProps } = useServerForm(setStocktakeTime, {
    errorTitle: 'Time not changed',
    onSuccess: ({ message }) => {
      setOpen(false)
      toast.success(message ?? 'Time changed')
    },
  })
  const id = `${side}-time`
  return (
    <div ref={box} className="grid gap-2 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p>
          <span className="font-medium">{title}:</span> {shown ?? 'no photos yet'}
          {shown && source && <span className="text-muted-foreground"> ({SOURCE[source]})</span>}
        </p>
        {editable && shown && !open && (
          <div className="flex flex-wrap gap-1">
            {byOwner && (
              <form {...formProps}>
                <input type="hidden" name="session_id" value={sessionId} />
                <input type="hidden" name="side" value={side} />
                <input type="hidden" name="time" value="" />
                <Button type="submit" variant="ghost" size="sm" className="min-h-11" disabled={pending}>
                  Use the photos’ times
                </Button>
              </form>
            )}
            <Button type="button" variant="outline" size="sm" className="min-h-11" aria-label={`Correct the ${title} time`} data-correct onClick={() => setOpen(true)}>
              Correct
            </Button>
          </div>
        )}
      </div>
      {open && (
        <form {...formProps} className="grid gap-2" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
          <input type="hidden" name="session_id" value={sessionId} />
          <input type="hidden" name="side" value={side} />
          <FormField id={id} name="time" type="datetime-local" label={`${title} time (shop’s clock)`} defaultValue={local ?? ''} errors={state.fieldErrors?.time} required />
          <div className="flex gap-2">
            <Button type="submit" disabled={pending} className="min-h-11">
              {pending ? 'Saving...' : 'Save time'}
            </Button>
            <Button type="button" variant="outline" className="min-h-11" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}
