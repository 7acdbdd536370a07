'use client'

import { useEffect, useState } from 'react'
import { Serwist } from '@serwist/window'
import { KEEP_PAGES_MESSAGE } from '@/lib/offline/sw-contract'
import { Button } from '@/components/ui/button'
import { useOffline } from './offline-provider'

/** Installs the service worker (production builds), keeps the till pages for the signed-in user, and offers a new version. */
export function AppUpdate() {
  const { userId, taps } = useOffline()
  const [waiting, setWaiting] = useState<Serwist | null>(null)

  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return
    const worker = new Serwist('/serwist/sw.js', { scope: '/', type: 'module' })
    // A new version is installed: it waits until the owner chooses to reload, never mid-tap.
    worker.addEventListener('waiting', () => setWaiting(worker))
    void worker.register().catch(() => {})
    // A till left open all day looks for a new version whenever it is looked at again.
    const look = () => document.visibilityState === 'visible' && void worker.update().catch(() => {})
    document.addEventListener('visibilitychange', look)
    return () => document.removeEventListener('visibilitychange', look)
  }, [])

  useEffect(() => {
    if (!userId || process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: KEEP_PAGES_MESSAGE }))
  }, [userId])

  if (!waiting) return null
  function reload() {
    // What is being tapped is on the device already; send it on its way first.
    taps?.flush()
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
    waiting!.messageSkipWaiting()
  }
  return (
    <div role="status" className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-2 px-4 pt-3 text-sm">
      <p>A new version of ShelfSnap is ready.</p>
      <Button size="sm" onClick={reload}>
        Reload for the new version
      </Button>
    </div>
  )
}
