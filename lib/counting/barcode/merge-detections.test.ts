import { describe, expect, it } from 'vitest'
import { DetectionMerger, type PassDetection } from './merge-detections.ts'

const at = (text: string, format: string, x: number, y: number, size = 200): PassDetection => ({ text, format, center: { x, y }, size })

describe('DetectionMerger', () => {
  it('merges sightings of one label from several passes, never two labels one pass saw', () => {
    const merger = new DetectionMerger()
    merger.add([at('A', 'EAN13', 100, 100), at('A', 'EAN13', 100, 180)])
    merger.add([at('A', 'EAN13', 104, 130), at('A', 'EAN13', 300, 100)])
    expect(merger.codes.map((c) => [c.center, c.seenBy])).toEqual([
      [{ x: 100, y: 100 }, 2],
      [{ x: 100, y: 180 }, 1],
      [{ x: 300, y: 100 }, 1],
    ])
  })

  it('keeps the same text in another symbology apart, and drops a short code read off a longer one', () => {
    const merger = new DetectionMerger()
    merger.add([at('A', 'EAN13', 100, 100), at('A', 'QRCode', 100, 100), at('01234565', 'UPCE', 130, 100, 90)])
    expect(merger.codes.map((c) => c.format)).toEqual(['EAN13', 'QRCode'])
  })
})
