import { describe, expect, it } from 'vitest'
import { liveReader } from './live-reader'

/** A page part read through answers the test gives, with a hold it can take and release. */
function page() {
  const shown: string[] = []
  const answers: ((value: string | undefined) => void)[] = []
  let [held, reads] = [false, 0]
  const reader = liveReader<string>((value) => shown.push(value), () => held)
  const from = () => {
    reads += 1
    return new Promise<string | undefined>((answer) => answers.push(answer))
  }
  const settle = () => new Promise((next) => setTimeout(next, 0))
  return {
    shown,
    /** reads started so far */
    reads: () => reads,
    read: () => void reader.read(from),
    async answer(value: string | undefined) {
      answers.shift()?.(value)
      await settle()
    },
    hold(on: boolean) {
      held = on
      reader.holdsMoved()
    },
  }
}

describe('a live read of part of a page', () => {
  it('shows each answer, keeps what is shown when a read fails, and reads once more for a burst', async () => {
    const live = page()
    live.read()
    live.read()
    live.read()
    expect(live.reads()).toBe(1)
    await live.answer('v1')
    expect(live.reads()).toBe(2)
    await live.answer(undefined)
    expect(live.shown).toEqual(['v1'])
  })

  it("drops an answer while the page holds (its own change on its way), and reads again once it lets go", async () => {
    const live = page()
    live.read()
    live.hold(true)
    await live.answer('before the change')
    expect([live.shown, live.reads()]).toEqual([[], 1])
    live.hold(false)
    expect(live.reads()).toBe(2)
    await live.answer('after the change')
    expect(live.shown).toEqual(['after the change'])
  })

  it('drops an answer when a hold came and went while it was read, and reads again at once', async () => {
    const live = page()
    live.read()
    live.hold(true)
    live.hold(false)
    expect(live.reads()).toBe(1)
    await live.answer('before the change')
    expect([live.shown, live.reads()]).toEqual([[], 2])
    await live.answer('after the change')
    expect(live.shown).toEqual(['after the change'])
  })
})
