/**
 * `run`, one at a time: a call while it runs makes one more run once it is done, however many
 * calls came meanwhile (a burst of changes, one read after the last). The promise settles when
 * the runs the call asked for are done; a failed run does not stop the one after it.
 */
export function serialRuns(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  let again = false
  const loop = async () => {
    try {
      do {
        again = false
        await run().catch(() => {})
      } while (again)
    } finally {
      running = null
    }
  }
  return () => {
    if (running) {
      again = true
      return running
    }
    running = loop()
    return running
  }
}
