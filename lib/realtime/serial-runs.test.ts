import { describe, expect, it } from 'vitest'
import { serialRuns } from './serial-runs'

/** A run that waits to be let go, counting how many started. */
function gated() {
  const gates: (() => void)[] = []
  let started = 0
  const run = () => {
    started += 1
    return new Promise<void>((done) => gates.push(done))
  }
  const release = async () => {
    gates.shift()?.()
    await new Promise((next) => setTimeout(next, 0))
  }
  return { run, release, started: () => started }
}

describe('serial runs', () => {
  it('runs at once when idle, and once more after the current run for any number of calls meanwhile', async () => {
    const { run, release, started } = gated()
    const trigger = serialRuns(run)
    const first = trigger()
    expect(started()).toBe(1)
    const [second, third] = [trigger(), trigger()]
    expect(started()).toBe(1)
    await release()
    expect(started()).toBe(2)
    await release()
    await Promise.all([first, second, third])
    expect(started()).toBe(2)
    void trigger()
    expect(started()).toBe(3)
    await release()
  })

  it('goes on after a run that failed', async () => {
    let runs = 0
    const trigger = serialRuns(async () => {
      runs += 1
      if (runs === 1) throw new Error('could not read')
    })
    await trigger()
    await trigger()
    expect(runs).toBe(2)
  })
})
