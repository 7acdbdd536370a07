'use client'

import { useSyncExternalStore } from 'react'

function subscribe(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/**
 * Whether the browser says it has a network (navigator.onLine, followed as it
 * changes). Online is no promise the server answers: callers treat a request
 * that got no answer as offline too. The server's page assumes online.
 */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
}
