import { describe, expect, it } from 'vitest'
import { seededRandom as seeded } from '../../../test/shelf/code-texts.ts'
import { LabelTracker, type FrameCode } from './label-tracker.ts'

const VIEW = { width: 1280, height: 720 }
const PRODUCTS = ['4006381333931', '5901234123457', '4007817327098', '9780201379624', '4000417025005', '5000159407236', '8712100849084', '7622210449283']

interface Label {
  text: string
  x: number
  y: number
}

/** A shelf of 40 labels of 8 products in two rows, 300 px apart, `run` facings of a product side by side. */
function shelf(seed = 1, run = 3): Label[] {
  const random = seeded(seed)
  return Array.from({ length: 40 }, (_, i) => ({
    text: PRODUCTS[Math.floor((i % 20) / run + (i >= 20 ? 1 : 0)) % PRODUCTS.length]!,
    x: 200 + (i % 20) * 300 + (random() - 0.5) * 20,
    y: i < 20 ? 220 : 520,
  }))
}

interface Camera {
  x: number
  y: number
  /** degrees the camera is turned */
  tilt: number
}

/** The codes a frame reads: the labels in view, some missed, each place off by a few pixels, turned with the camera. */
function frameOf(labels: readonly Label[], camera: Camera, random: () => number, miss = 0.3): FrameCode[] {
  const r = (camera.tilt * Math.PI) / 180
  const codes: FrameCode[] = []
  for (const label of labels) {
    const dx = label.x - camera.x - VIEW.width / 2
    const dy = label.y - camera.y - VIEW.height / 2
    const x = VIEW.width / 2 + dx * Math.cos(r) - dy * Math.sin(r) + (random() - 0.5) * 8
    const y = VIEW.height / 2 + dx * Math.sin(r) + dy * Math.cos(r) + (random() - 0.5) * 8
    if (x < 60 || x > VIEW.width - 60 || y < 0 || y > VIEW.height || random() < miss) continue
    codes.push({ format: 'EAN13', text: label.text, x, y, size: 240, angle: camera.tilt })
  }
  return codes
}

/**
 * Pans at a steady speed from a little before the shelf's first label to a little past its last (each
 * label is in view a while) and back, decoding a frame every 120–280 ms (`step` px apart on average),
 * the camera bobbing up and down and tilting a little.
 */
function pan(labels: readonly Label[], { step, seed = 7, miss = 0.3, back = true }: { step: number; seed?: number; miss?: number; back?: boolean }) {
  const random = seeded(seed)
  const tracker = new LabelTracker()
  const [start, end] = [-200, 6200 - VIEW.width + 200]
  const speed = step / 200
  const turn = (end - start) / speed
  for (let at = 0, i = 0; at <= (back ? 2 : 1) * turn; at += 200 * (0.6 + random() * 0.8), i++) {
    const along = at <= turn ? at : 2 * turn - at
    const camera = { x: start + along * speed, y: 12 * Math.sin(i / 3) + (random() - 0.5) * 6, tilt: 3 * Math.sin(i / 5) }
    tracker.update(frameOf(labels, camera, random, miss), VIEW, at)
  }
  return tracker
}

function tally(tracker: LabelTracker): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const label of tracker.labels) counts[label.text] = (counts[label.text] ?? 0) + 1
  return counts
}

describe('LabelTracker', () => {
  const labels = shelf()
  const truth: Record<string, number> = {}
  for (const label of labels) truth[label.text] = (truth[label.text] ?? 0) + 1

  it('counts every label of a shelf once when panning along it and back, at several speeds', () => {
    for (const step of [40, 90, 140]) {
      for (const seed of [1, 2, 3]) {
        const tracker = pan(labels, { step, seed })
        expect(tally(tracker), `step ${step}, seed ${seed}`).toEqual(truth)
        expect(tracker.labels).toHaveLength(40)
      }
    }
  })

  it('follows the camera along runs of facings longer than the frame is wide, where every code matches a neighbour', () => {
    const long = shelf(1, 6)
    const counts: Record<string, number> = {}
    for (const label of long) counts[label.text] = (counts[label.text] ?? 0) + 1
    for (const seed of [1, 2, 3]) expect(tally(pan(long, { step: 90, seed, miss: 0.1 })), `seed ${seed}`).toEqual(counts)
  })

  it('places each label where it is on the shelf', () => {
    const tracker = pan(labels, { step: 90, back: false })
    // shelf coordinates are the first frame's: the first frame's camera was at x = -200, y = 0
    for (const label of tracker.labels) {
      const nearest = Math.min(...labels.filter((l) => l.text === label.text).map((l) => Math.hypot(l.x + 200 - label.x, l.y - label.y)))
      expect(nearest).toBeLessThan(60)
    }
  })

  it('does not count a code read in one frame only (a misread)', () => {
    const tracker = new LabelTracker()
    tracker.update([{ format: 'EAN13', text: '4006381333931', x: 300, y: 300, size: 200, angle: 0 }], VIEW, 0)
    tracker.update([{ format: 'EAN13', text: '4006381333931', x: 302, y: 300, size: 200, angle: 0 }, { format: 'EAN13', text: '5901234123457', x: 700, y: 300, size: 200, angle: 0 }], VIEW, 200)
    expect(tracker.labels.map((label) => label.text)).toEqual(['4006381333931'])
  })

  it('does not count a misread of a label: another code read where a label is seen more often', () => {
    const tracker = new LabelTracker()
    const label = { format: 'EAN13', text: '4006381333931', x: 300, y: 300, size: 200, angle: 0 }
    for (let i = 0; i < 6; i++) tracker.update([i === 2 || i === 4 ? { ...label, format: 'UPCE', text: '01234565', x: 310 - i * 10 } : { ...label, x: 300 - i * 10 }], VIEW, i * 200)
    expect(tracker.labels.map((l) => l.text)).toEqual(['4006381333931'])
  })

  it('tells two labels of one product side by side apart, and follows both as the camera moves', () => {
    const tracker = new LabelTracker()
    const two = (shift: number) => [0, 1].map((i) => ({ format: 'EAN13', text: 'A', x: 400 + i * 260 - shift, y: 300, size: 200, angle: 0 }))
    const first = tracker.update(two(0), VIEW, 0)
    expect(first.created).toHaveLength(2)
    // the camera moves 150 px: more than half the gap between them
    const second = tracker.update(two(150), VIEW, 200)
    expect(second.created).toEqual([])
    expect(second.counted.map((label) => label.id)).toEqual(first.created.map((label) => label.id))
    expect(tracker.labels).toHaveLength(2)
  })

  it('reports in each frame which label each code is, and the labels that count from it', () => {
    const tracker = new LabelTracker()
    const code = { format: 'QRCode', text: 'SKU-1', x: 500, y: 300, size: 150, angle: 0 }
    const a = tracker.update([code], VIEW, 0)
    const b = tracker.update([{ ...code, x: 480 }], VIEW, 200)
    expect(a.marks[0]!.label.id).toBe(b.marks[0]!.label.id)
    expect(a.counted).toEqual([])
    expect(b.counted.map((label) => label.text)).toEqual(['SKU-1'])
    expect(tracker.update([{ ...code, x: 470 }], VIEW, 400).counted).toEqual([])
  })

  it('counts nothing after clear, and then counts anew', () => {
    const tracker = pan(labels, { step: 90, back: false })
    tracker.clear()
    expect(tracker.labels).toEqual([])
    expect(tally(pan(labels, { step: 90, back: false }))).toEqual(truth)
  })

  it('keeps the first sighting and the latest ones of each label', () => {
    const tracker = new LabelTracker()
    const code = { format: 'EAN13', text: 'A', x: 500, y: 300, size: 200, angle: 0 }
    for (let i = 0; i < 50; i++) tracker.update([{ ...code, x: 500 - i * 5 }], VIEW, i * 200)
    const [label] = tracker.labels
    expect(label!.first.frame).toBe(1)
    expect(label!.recent.length).toBeLessThanOrEqual(32)
    expect(label!.recent.at(-1)!.frame).toBe(50)
  })
})
