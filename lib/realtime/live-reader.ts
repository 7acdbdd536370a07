import { serialRuns } from './serial-runs'

/**
 * Reads part of a page again and shows the answer, one read at a time (serialRuns). Trap: a read
 * that overlapped a hold (the page's own change on its way) may have been answered before that
 * change was made, so it is dropped and read again once nothing holds.
 */
export function liveReader<T>(show: (value: T) => void, held: () => boolean) {
  let source: (() => Promise<T | undefined>) | null = null
  let moved = 0
  let dropped = false
  const run: () => Promise<void> = serialRuns(async () => {
    const before = moved
    // undefined, or a failed read: what is shown stays
    const value = await source?.().catch(() => undefined)
    if (value === undefined) return
    if (before === moved && !held()) return show(value)
    if (held()) dropped = true
    else void run()
  })
  return {
    /** reads through `from` (the page's latest way to read) */
    read(from: () => Promise<T | undefined>) {
      source = from
      return run()
    },
    /** a hold of the page was taken or released */
    holdsMoved() {
      moved += 1
      if (held() || !dropped) return
      dropped = false
      void run()
    },
  }
}
