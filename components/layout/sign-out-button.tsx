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
import { openPhotoQueue } from '@/lib/offline/photo-queue'

/** Stocktake photos of this user's still waiting on the phone to upload (not those the server refused). */
async function photosWaiting(userId: string | null): Promise<number> {
  if (!userId) return 0
  try {
    const queue = await openPhotoQueue()
    const photos = await queue.list(userId)
    queue.close()
    return photos.filter((photo) => photo.error === null).length
  } catch {
    return 0
  }
}

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
  const { taps, online, userId } = useOffline()
  const { waiting } = useStockTaps().snapshot
  const form = useRef<HTMLFormElement>(null)
  const decided = useRef(false)
  const [asking, setAsking] = useState(false)
  const [syncing, setSyncing] = useState(false)
  const [photos, setPhotos] = useState(0)
  // What waited when the owner tapped Sign Out: coming back online syncs by itself, and the dialog must not lose its way out then.
  const [changesAsked, setChangesAsked] = useState(0)

  // Changes waiting on this phone: the owner chooses to send them first, or to leave them here for next time.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (decided.current) {
      decided.current = false
      formProps.onSubmit(event)
      return
    }
    event.preventDefault()
    void photosWaiting(userId).then((count) => {
      setPhotos(count)
      setChangesAsked(waiting)
      if (waiting > 0 || count > 0) setAsking(true)
      else signOutNow()
    })
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

  const unsynced = waiting > 0 || photos > 0
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
            <DialogTitle>
              {unsynced
                ? `${[waiting > 0 && plural(waiting, 'change'), photos > 0 && plural(photos, 'photo')].filter(Boolean).join(' and ')} not synced yet`
                : 'Everything is synced'}
            </DialogTitle>
            <DialogDescription>
              {waiting === 0 && changesAsked > 0 && 'The stock changes made on this phone have been sent. '}
              {waiting > 0 &&
                `${waiting === 1 ? 'A stock change made on this phone is' : 'Stock changes made on this phone are'} not booked yet. Sync before you sign out, or sign out and they wait on this phone until you sign in here again. `}
              {photos > 0 && `${photos === 1 ? 'A stocktake photo waits' : 'Stocktake photos wait'} on this phone to upload from Upload Photos, and stay here for you.`}
            </DialogDescription>
          </DialogHeader>
          {!online && <p className="text-sm text-muted-foreground">You&apos;re offline: they can sync once the connection is back.</p>}
          <DialogFooter>
            {unsynced && (
              <Button variant="outline" onClick={signOutNow}>
                Sign out anyway
              </Button>
            )}
            {changesAsked > 0 && (
              <Button onClick={() => void syncFirst()} disabled={!online || syncing}>
                {syncing ? 'Syncing…' : unsynced ? 'Sync and sign out' : 'Sign out'}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
