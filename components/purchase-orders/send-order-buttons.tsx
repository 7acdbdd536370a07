'use client'

import { useSyncExternalStore } from 'react'
import { Copy, Mail, Share2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'

const canShare = () => typeof navigator.share === 'function'
const noSubscription = () => () => {}

/** An order written out for its supplier (orderText), with the subject it goes under. */
export interface OrderMessage {
  subject: string
  text: string
  /** the supplier's email for orders */
  email: string | null
}

/**
 * The order as a message to the supplier: their email app with it written out (when the supplier
 * has an email for orders), and the phone's share sheet (WhatsApp, a text), or a copy to paste
 * where there is none. `disabled` (with `describedBy` saying why): a draft with changes not saved
 * would go out as it was saved.
 */
export function SendOrderButtons({ subject, text, email, disabled = false, describedBy }: OrderMessage & { disabled?: boolean; describedBy?: string }) {
  // the server cannot tell: the page is drawn with "Copy order", which turns into "Share" where there is a share sheet
  const share = useSyncExternalStore(noSubscription, canShare, () => false)
  async function shareOrCopy() {
    if (share) {
      await navigator.share({ title: subject, text }).catch(() => undefined)
      return
    }
    try {
      await navigator.clipboard.writeText(text)
      toast.success('Order copied', { description: 'Paste it into a message to the supplier.' })
    } catch {
      toast.error('Could not copy the order', { description: 'Use Print or Export CSV instead.' })
    }
  }
  return (
    <>
      {email && disabled && (
        <Button type="button" variant="outline" disabled aria-describedby={describedBy}>
          <Mail aria-hidden="true" />
          Email supplier
        </Button>
      )}
      {email && !disabled && (
        <Button asChild variant="outline">
          <a href={`mailto:${email.split('@').map(encodeURIComponent).join('@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`}>
            <Mail aria-hidden="true" />
            Email supplier
          </a>
        </Button>
      )}
      <Button type="button" variant="outline" onClick={shareOrCopy} disabled={disabled} aria-describedby={describedBy}>
        {share ? <Share2 aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {share ? 'Share' : 'Copy order'}
      </Button>
    </>
  )
}
