// The live count's memory of the shelf: each code read in a video frame is a
// label already seen (the same code near where that label should be now, the
// camera's motion taken into account: camera-motion.ts) or a new one. Places
// are kept in shelf coordinates (the first frame's pixels, moved with the
// camera), so panning along a shelf and back adds each label once. A label
// counts from its second sighting: one frame's misread never does.
import type { Detection } from '../barcode/detections.ts'
import { estimateShift, type MotionPair, type Point } from './camera-motion.ts'

/** A code read in one frame, its centre in the frame's pixels. */
export type FrameCode = Detection

export interface Sighting extends FrameCode {
  frame: number
}

export interface TrackedLabel {
  id: number
  format: string
  text: string
  /** shelf coordinates */
  x: number
  y: number
  sightings: number
  /** where it was first seen, and its latest sightings (for the frames kept as evidence) */
  first: Sighting
  recent: Sighting[]
}

export interface FrameUpdate {
  frame: number
  /** every code of the frame with the label it is */
  marks: { label: TrackedLabel; code: FrameCode }[]
  /** labels seen for the second time in this frame (they count, unless they are a misread of another label) */
  counted: TrackedLabel[]
  /** labels first seen in this frame */
  created: TrackedLabel[]
}

export interface TrackerOptions {
  /** sightings before a label counts; default 2 */
  confirmAfter?: number
}

/** A code is the label within this share of its size from where that label should be. */
const MATCH = 0.6
/** Labels searched for a code's motion guess: within this share of the frame's longer side. */
const SEARCH = 0.3
/** Motion guesses that agree: within this share of the codes' median size. */
const AGREE = 0.15
/** Votes off a motion guess, a code, for a jump a code's size from the expected place (squared with the distance). */
const JUMP = 0.5
const RECENT = 32

const keyOf = (code: Pick<FrameCode, 'format' | 'text'>) => `${code.format}\u0000${code.text}`
const gap = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

function medianSize(codes: readonly FrameCode[]): number {
  const sizes = codes.map((code) => code.size).sort((a, b) => a - b)
  return sizes[sizes.length >> 1] ?? 0
}

export class LabelTracker {
  private readonly confirmAfter: number
  private tracks: TrackedLabel[] = []
  private byKey = new Map<string, TrackedLabel[]>()
  /** shelf = frame + offset */
  private offset: Point = { x: 0, y: 0 }
  /** px a millisecond */
  private velocity: Point = { x: 0, y: 0 }
  private lastAt: number | null = null
  private frames = 0
  private nextId = 1

  constructor({ confirmAfter = 2 }: TrackerOptions = {}) {
    this.confirmAfter = confirmAfter
  }

  /**
   * The labels that count, in the order they were first seen: seen twice, and
   * not where a label of another code has been seen more often (two labels
   * cannot be in one place: the other is a misread of it).
   */
  get labels(): TrackedLabel[] {
    return this.tracks.filter(
      (track) =>
        track.sightings >= this.confirmAfter &&
        !this.tracks.some((other) => other.text !== track.text && other.sightings > track.sightings && gap(other, track) <= MATCH * track.first.size),
    )
  }

  clear(): void {
    this.tracks = []
    this.byKey.clear()
    this.offset = { x: 0, y: 0 }
    this.velocity = { x: 0, y: 0 }
    this.lastAt = null
  }

  /**
   * Takes one decoded frame's codes; `view` is the frame's size, `at` when it
   * was taken (ms). Frames are decoded as fast as the phone manages, so the
   * time between them varies: the camera's motion is followed in time.
   */
  update(codes: readonly FrameCode[], view: { width: number; height: number }, at: number): FrameUpdate {
    const frame = ++this.frames
    const elapsed = this.lastAt === null ? 0 : Math.max(1, at - this.lastAt)
    this.lastAt = at
    const predicted = { x: this.offset.x + this.velocity.x * elapsed, y: this.offset.y + this.velocity.y * elapsed }
    const size = medianSize(codes)
    // A vote off for each code the shift puts on another product's label, and for a jump from the expected
    // place: half a vote a code for a label's width. Where a run of facings is longer than the frame is wide,
    // a shift by one facing matches every code (those coming into view to the neighbours they are about to
    // pass): only the camera's steady motion tells it from the true one.
    const penalty = (shift: Point) =>
      this.conflicts(codes, { x: predicted.x + shift.x, y: predicted.y + shift.y }) + JUMP * codes.length * (Math.hypot(shift.x, shift.y) / size) ** 2
    const estimate = estimateShift(this.motionPairs(codes, predicted, SEARCH * Math.max(view.width, view.height)), AGREE * size, penalty)
    const offset = estimate ? { x: predicted.x + estimate.shift.x, y: predicted.y + estimate.shift.y } : predicted
    // Without a label to go by, the camera is taken to slow down rather than sail on.
    this.velocity = estimate && elapsed > 0 ? { x: (offset.x - this.offset.x) / elapsed, y: (offset.y - this.offset.y) / elapsed } : { x: this.velocity.x / 2, y: this.velocity.y / 2 }
    this.offset = offset
    const update: FrameUpdate = { frame, marks: [], counted: [], created: [] }
    const taken = this.assign(codes, offset)
    codes.forEach((code, index) => {
      const sighting: Sighting = { ...code, frame }
      const shelf = { x: code.x + offset.x, y: code.y + offset.y }
      let label = taken.get(index)
      if (label) {
        label.sightings++
        // the place is the mean of the sightings: one frame's error in the motion does not move it far
        const weight = 1 / Math.min(label.sightings, 8)
        label.x += (shelf.x - label.x) * weight
        label.y += (shelf.y - label.y) * weight
        label.recent.push(sighting)
        if (label.recent.length > RECENT) label.recent.shift()
      } else {
        label = { id: this.nextId++, format: code.format, text: code.text, ...shelf, sightings: 1, first: sighting, recent: [sighting] }
        this.tracks.push(label)
        const same = this.byKey.get(keyOf(code)) ?? []
        this.byKey.set(keyOf(code), [...same, label])
        update.created.push(label)
      }
      if (label.sightings === this.confirmAfter) update.counted.push(label)
      update.marks.push({ label, code })
    })
    return update
  }

  /** Each code with every label of its code near where the camera was expected to be. */
  private motionPairs(codes: readonly FrameCode[], predicted: Point, search: number): MotionPair[] {
    const pairs: MotionPair[] = []
    codes.forEach((code, index) => {
      for (const label of this.byKey.get(keyOf(code)) ?? []) {
        const shift = { x: label.x - (code.x + predicted.x), y: label.y - (code.y + predicted.y) }
        if (Math.hypot(shift.x, shift.y) <= search) pairs.push({ code: index, shift })
      }
    })
    return pairs
  }

  /** How many codes the camera at `offset` would put on a label of another code. */
  private conflicts(codes: readonly FrameCode[], offset: Point): number {
    return codes.filter((code) => {
      const shelf = { x: code.x + offset.x, y: code.y + offset.y }
      return this.tracks.some((label) => label.text !== code.text && gap(shelf, label) <= MATCH * code.size)
    }).length
  }

  /** The label each code is, closest pairs first, each label at most once a frame. */
  private assign(codes: readonly FrameCode[], offset: Point): Map<number, TrackedLabel> {
    const candidates: { index: number; label: TrackedLabel; distance: number }[] = []
    codes.forEach((code, index) => {
      const shelf = { x: code.x + offset.x, y: code.y + offset.y }
      for (const label of this.byKey.get(keyOf(code)) ?? []) {
        const distance = gap(shelf, label)
        if (distance <= MATCH * code.size) candidates.push({ index, label, distance })
      }
    })
    candidates.sort((a, b) => a.distance - b.distance)
    const taken = new Map<number, TrackedLabel>()
    const used = new Set<TrackedLabel>()
    for (const { index, label } of candidates) {
      if (taken.has(index) || used.has(label)) continue
      taken.set(index, label)
      used.add(label)
    }
    return taken
  }
}
