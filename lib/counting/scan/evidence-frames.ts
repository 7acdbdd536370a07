// The frames a live count is saved with: as few of the frames kept on the
// phone as show every counted label, each label placed in one of them only,
// so the stocktake counts each once (a frame is stored as a photo whose codes
// are the labels placed in it).
import type { Sighting, TrackedLabel } from './label-tracker.ts'

export interface EvidenceFrame {
  frame: number
  /** the labels this frame stands for, where they are in it */
  codes: Sighting[]
}

/** The sightings of a label in the frames that were kept. */
function sightingsIn(label: TrackedLabel, kept: ReadonlySet<number>): Sighting[] {
  const all = label.recent.some((s) => s.frame === label.first.frame) ? label.recent : [label.first, ...label.recent]
  return all.filter((sighting) => kept.has(sighting.frame))
}

/**
 * Greedy cover: the kept frame that shows most labels not yet placed, until
 * every label is placed. A label seen in no kept frame is left out (the
 * caller keeps every frame a label was first seen in, so none is).
 */
export function chooseEvidence(labels: readonly TrackedLabel[], kept: ReadonlySet<number>): EvidenceFrame[] {
  const seen = new Map(labels.map((label) => [label.id, sightingsIn(label, kept)]))
  const left = new Set(labels.filter((label) => seen.get(label.id)!.length > 0).map((label) => label.id))
  const chosen: EvidenceFrame[] = []
  while (left.size > 0) {
    const shown = new Map<number, Sighting[]>()
    for (const id of left) {
      for (const sighting of seen.get(id)!) shown.set(sighting.frame, [...(shown.get(sighting.frame) ?? []), sighting])
    }
    let best: EvidenceFrame | null = null
    for (const [frame, codes] of shown) if (!best || codes.length > best.codes.length || (codes.length === best.codes.length && frame < best.frame)) best = { frame, codes }
    const placed = new Set(best!.codes)
    for (const id of [...left]) if (seen.get(id)!.some((s) => placed.has(s))) left.delete(id)
    chosen.push(best!)
  }
  return chosen.sort((a, b) => a.frame - b.frame)
}
