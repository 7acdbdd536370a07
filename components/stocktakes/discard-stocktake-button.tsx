'use client'

import { useRouter } from 'next/navigation'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { discardStocktake } from '@/lib/actions/discard-stocktake'
import { ConfirmActionDialog } from '@/components/feedback/confirm-action-dialog'
import { Button } from '@/components/ui/button'

/** Throws the open stocktake away, photos and all, after asking. Stock is not touched. */
export function DiscardStocktakeButton({ sessionId, disabled = false }: { sessionId: string; disabled?: boolean }) {
  const router = useRouter()
  return (
    <ConfirmActionDialog
      trigger={
        <Button variant="outline" disabled={disabled}>
          <Trash2 aria-hidden="true" />
          Discard stocktake
        </Button>
      }
      title="Discard this stocktake?"
      description="Its photos and counts are deleted. Stock is not changed. This cannot be undone."
      confirmLabel="Discard stocktake"
      pendingLabel="Discarding..."
      cancelLabel="Keep it"
      action={discardStocktake}
      fields={{ session_id: sessionId }}
      errorTitle="Stocktake not discarded"
      onDone={({ message }) => {
        toast.success('Stocktake discarded', { description: message })
        router.push('/upload')
        router.refresh()
      }}
    />
  )
}
