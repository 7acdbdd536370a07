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

  it('never lets two labels join through one read between them (zxing joins identical codes stacked in a column), and places each label by its own read', () => {
    const merger = new DetectionMerger()
    // one read of two stacked copies of a product: as tall as both, centred between them
    merger.add([at('A', 'EAN13', 100, 190, 250)])
    merger.add([at('A', 'EAN13', 100, 110)])
    merger.add([at('A', 'EAN13', 100, 290)])
    expect(merger.codes.map((c) => [c.center, c.seenBy])).toEqual([
      [{ x: 100, y: 110 }, 2],
      [{ x: 100, y: 290 }, 1],
    ])
  })

  it('keeps the same text in another symbology apart, and drops a short code read off a longer one', () => {
    const merger = new DetectionMerger()
    merger.add([at('A', 'EAN13', 100, 100), at('A', 'QRCode', 100, 100), at('01234565', 'UPCE', 130, 100, 90)])
    expect(merger.codes.map((c) => c.format)).toEqual(['EAN13', 'QRCode'])
  })
})

describe('DetectionMerger conflicts', () => {
  it('keeps the text more passes read at one place and drops the misread', () => {
    const merger = new DetectionMerger()
    merger.add([at('4006381333931', 'EAN13', 100, 100)])
    merger.add([at('4006381333939', 'EAN13', 104, 102)])
    merger.add([at('4006381333931', 'EAN13', 98, 101), at('X-1', 'Code128', 600, 100)])
    expect(merger.codes.map((c) => [c.text, c.seenBy])).toEqual([
      ['4006381333931', 2],
      ['X-1', 1],
    ])
  })

  it('on a tie keeps the better-checked symbology, then the first read; labels apart are never in conflict', () => {
    const merger = new DetectionMerger()
    merger.add([at('01234565', 'UPCE', 100, 100, 150), at('AB-12', 'Code128', 400, 100), at('5012345678900', 'EAN13', 700, 100)])
    merger.add([at('AB-12X', 'Code128', 402, 100), at('4006381333931', 'EAN13', 700, 104)])
    merger.add([at('96385074', 'EAN8', 102, 100, 150), at('5012345678900', 'EAN13', 1000, 100)])
    expect(merger.codes.map((c) => c.text)).toEqual(['AB-12', '5012345678900', '96385074', '5012345678900'])
  })
})

describe('DetectionMerger.retain', () => {
  it('forgets the sightings it is told to, so they neither count nor outvote', () => {
    const merger = new DetectionMerger()
    merger.add([at('4006381333931', 'EAN13', 100, 100), at('X-1', 'Code128', 600, 100)])
    merger.add([at('4006381333939', 'EAN13', 104, 102), at('X-1', 'Code128', 602, 100)])
    merger.retain((c) => c.seenBy >= 2)
    expect(merger.codes.map((c) => c.text)).toEqual(['X-1'])
  })
})
