'use client'

import { useRef, useState, type FormEvent } from 'react'
import { useRouter } from 'next/navigation'
import { LogOut } from 'lucide-react'
import { toast } from 'sonner'
import { signOut } from '@/lib/actions/sign-out'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { useOffline } from '@/components/offline/offline-provider'
import { useStockTaps } from '@/components/stock/use-stock-taps'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { StockTaps } from '@/lib/products/stock-taps'
import { plural } from '@/lib/format/plural'

/** Resolves once nothing of this user's waits to be sent (booked, or refused and kept as a conflict). */
function nothingWaiting(taps: StockTaps): Promise<void> {
  return new Promise((done) => {
    const check = () => {
      if (taps.getSnapshot().waiting > 0) return
      unsubscribe()
      done()
    }
    const unsubscribe = taps.subscribe(check)
    check()
  })
}

export function SignOutButton() {
  const router = useRouter()
  const { pending, formProps } = useServerForm(signOut, {
    errorTitle: 'Error',
    onSuccess: () => {
      toast.success('Signed out', { description: "You've been successfully logged out." })
      router.replace('/auth')
      router.refresh()
    },
  })
  const { taps, online } = useOffline()
  const { waiting } = useStockTaps().snapshot
  const form = useRef<HTMLFormElement>(null)
  const decided = useRef(false)
  const [asking, setAsking] = useState(false)
  const [syncing, setSyncing] = useState(false)

  // Changes waiting on this phone: the owner chooses to send them first, or to leave them here for next time.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (waiting > 0 && !decided.current) {
      event.preventDefault()
      setAsking(true)
      return
    }
    decided.current = false
    formProps.onSubmit(event)
  }
  function signOutNow() {
    decided.current = true
    setAsking(false)
    setSyncing(false)
    form.current?.requestSubmit()
  }
  async function syncFirst() {
    if (!taps) return signOutNow()
    setSyncing(true)
    taps.flush()
    await nothingWaiting(taps)
    signOutNow()
  }

  return (
    <>
      <form ref={form} action={formProps.action} onSubmit={onSubmit}>
        <Button type="submit" variant="outline" disabled={pending}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
      </form>
      <Dialog open={asking} onOpenChange={(open) => !open && !syncing && setAsking(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{plural(waiting, 'change')} not synced yet</DialogTitle>
            <DialogDescription>
              {waiting === 1 ? 'A stock change made on this phone is' : 'Stock changes made on this phone are'} not booked yet. Sync before you sign out, or
              sign out and they wait on this phone until you sign in here again.
            </DialogDescription>
          </DialogHeader>
          {!online && <p className="text-sm text-muted-foreground">You&apos;re offline: they can sync once the connection is back.</p>}
          <DialogFooter>
            <Button variant="outline" onClick={signOutNow}>
              Sign out anyway
            </Button>
            <Button onClick={() => void syncFirst()} disabled={!online || syncing}>
              {syncing ? 'Syncing…' : 'Sync and sign out'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
