import type { LiveStatus } from './live-connection'

// What the pages' live subscriptions tell the rest of the page, without a provider: each hook
// keeps its entry under a key of its own. Read with useSyncExternalStore.

function keyedStore<T>() {
  const values = new Map<symbol, T>()
  const listeners = new Set<() => void>()
  return {
    /** null removes the key's entry */
    set(key: symbol, value: T | null) {
      if (value === null ? !values.delete(key) : values.get(key) === value) return
      if (value !== null) values.set(key, value)
      for (const listener of listeners) listener()
    },
    some: (test: (value: T) => boolean) => [...values.values()].some(test),
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** Every live subscription on the page and its status: the notice shows while one is paused. */
export const liveStatuses = keyedStore<LiveStatus>()
/** none: the page has no live subscription (and no notice region) */
export const livePageStatus = (): 'none' | 'on' | 'paused' =>
  liveStatuses.some((status) => status === 'paused') ? 'paused' : liveStatuses.some(() => true) ? 'on' : 'none'

/** Parts of the page that must not be read again now (a count being typed, photos on their way). */
export const liveHolds = keyedStore<true>()
export const liveHeld = () => liveHolds.some(() => true)
