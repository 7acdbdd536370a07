import { describe, expect, it } from 'vitest'
import { chooseEvidence } from './evidence-frames.ts'
import { LabelTracker } from './label-tracker.ts'

const VIEW = { width: 1000, height: 600 }
const code = (text: string, x: number) => ({ format: 'EAN13', text, x, y: 300, size: 150, angle: 0 })

/** Six labels 200 px apart, the camera moving 100 px a frame: each frame shows four or five of them. */
function panned() {
  const tracker = new LabelTracker()
  const shelf = ['A', 'B', 'C', 'D', 'E', 'F'].map((text, i) => ({ text, x: 150 + i * 200 }))
  for (let frame = 0; frame < 6; frame++) {
    const camera = frame * 100
    tracker.update(shelf.filter((l) => l.x - camera > 0 && l.x - camera < VIEW.width).map((l) => code(l.text, l.x - camera)), VIEW, frame * 200)
  }
  return tracker
}

describe('chooseEvidence', () => {
  it('places every label in exactly one of as few kept frames as show them all', () => {
    const labels = panned().labels
    expect(labels).toHaveLength(6)
    const chosen = chooseEvidence(labels, new Set([1, 2, 3, 4, 5, 6]))
    expect(chosen.length).toBeLessThanOrEqual(2)
    const placed = chosen.flatMap((frame) => frame.codes.map((c) => c.text)).sort()
    expect(placed).toEqual(['A', 'B', 'C', 'D', 'E', 'F'])
    // each label where it is in its frame
    for (const frame of chosen) for (const c of frame.codes) expect(c.frame).toBe(frame.frame)
  })

  it('uses only the frames that were kept', () => {
    const labels = panned().labels
    const chosen = chooseEvidence(labels, new Set([1, 6]))
    expect(chosen.map((frame) => frame.frame)).toEqual([1, 6])
    expect(chosen.flatMap((frame) => frame.codes).length).toBe(6)
  })

  it('leaves out a label no kept frame shows, and chooses nothing for no labels', () => {
    expect(chooseEvidence(panned().labels, new Set([1])).flatMap((frame) => frame.codes.map((c) => c.text))).toEqual(['A', 'B', 'C', 'D', 'E'])
    expect(chooseEvidence([], new Set([1]))).toEqual([])
  })
})
