import { describe, expect, it } from 'vitest'
import { DetectionMerger, isCounted, type PassDetection } from './merge-detections.ts'

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

  it('trusts neither text of a label read as often one way as other ways, however strong the symbology; labels apart are never in conflict', () => {
    const merger = new DetectionMerger()
    merger.add([at('01234565', 'UPCE', 100, 100, 150), at('AB-12', 'Code128', 400, 100), at('5012345678900', 'EAN13', 700, 100)])
    merger.add([at('AB-12X', 'Code128', 402, 100), at('4006381333931', 'EAN13', 700, 104)])
    merger.add([at('96385074', 'EAN8', 102, 100, 150), at('5012345678900', 'EAN13', 1000, 100), at('5012345678900', 'EAN13', 702, 100)])
    merger.add([at('4006381333938', 'EAN13', 701, 102)])
    // at x 700: read twice as 5012345678900 and twice otherwise
    expect(merger.codes.map((c) => [c.text, c.center.x])).toEqual([['5012345678900', 1000]])
  })

  it('keeps two QR codes at one place (one printed inside the other) and a QR code on a 1D label: neither misreads into the other', () => {
    const merger = new DetectionMerger()
    merger.add([at('outer', 'QRCode', 100, 100, 400), at('inner', 'QRCode', 110, 105, 120)])
    merger.add([at('outer', 'QRCode', 101, 100, 400), at('5012345678900', 'EAN13', 600, 100), at('https://id.gs1.org/01/05012345678900', 'QRCode', 640, 110, 150)])
    merger.add([at('5012345678900', 'EAN13', 601, 100)])
    expect(merger.codes.map((c) => c.text).sort()).toEqual(['5012345678900', 'https://id.gs1.org/01/05012345678900', 'inner', 'outer'])
  })

  it('counts a read not yet confirmed against the text it contradicts', () => {
    const merger = new DetectionMerger()
    merger.add([at('4006381333931', 'EAN13', 100, 100), at('X-1', 'Code128', 600, 100)])
    merger.add([at('4006381333939', 'EAN13', 104, 102), at('X-1', 'Code128', 602, 100)])
    expect(merger.codes.filter((c) => c.seenBy >= 2).map((c) => c.text)).toEqual(['X-1'])
  })
})

describe('isCounted', () => {
  const label = (format: string, ...lines: number[]) => {
    const merger = new DetectionMerger()
    for (const rows of lines) merger.add([{ ...at('0023942431015', format, 100, 100), lines: rows }])
    return merger.codes[0]!
  }

  it('counts an EAN/UPC label two passes read once one read held on three rows, not on two rows twice (zxing misreads alike on rows a pixel apart)', () => {
    expect(label('EAN13', 2, 2)).toMatchObject({ seenBy: 2, lines: 2 })
    expect(isCounted(label('EAN13', 2, 2), 4000)).toBe(false)
    expect(isCounted(label('UPCE', 2, 2), 4000)).toBe(false)
    expect(isCounted(label('EAN13', 2, 3), 4000)).toBe(true)
    expect(isCounted(label('EAN13', 12), 4000)).toBe(false)
  })

  it('counts a Code 128 label on two passes, a QR or DataMatrix label on one read, and an EAN/UPC label on every row of a photo a pixel high', () => {
    expect(isCounted(label('Code128', 2, 2), 4000)).toBe(true)
    expect(isCounted(label('Code128', 12), 4000)).toBe(false)
    expect(isCounted(label('QRCode', 0), 4000)).toBe(true)
    expect(isCounted(label('EAN8', 1, 1), 1)).toBe(true)
  })
})

describe('DetectionMerger with a photo to look at', () => {
  const read = (text: string, format: string, x: number, y: number, size: number, corners?: [number, number][]): PassDetection => ({
    ...at(text, format, x, y, size),
    corners: corners?.map(([px, py]) => ({ x: px, y: py })) as PassDetection['corners'],
  })

  it('takes two reads of one text in one pass whose corners touch for one symbol (zxing read it again turned or downscaled)', () => {
    const merger = new DetectionMerger()
    const box = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
    merger.add([read('A', 'EAN13', 100, 100, 200, box(0, 90, 200, 110)), read('A', 'EAN13', 100, 115, 200, box(0, 111, 200, 120)), read('A', 'EAN13', 100, 300, 200, box(0, 290, 200, 310))])
    expect(merger.codes.map((c) => c.center.y)).toEqual([100, 300])
  })

  it('joins reads on the same bars however far apart along them, in one pass or several, and never reads on other bars', () => {
    // the bars of one label run from y 0 to 300 at x 0–200
    const sameBars = (a: { center: { y: number } }, b: { center: { y: number } }) => [a.center.y, b.center.y].every((y) => y >= 0 && y <= 300)
    const merger = new DetectionMerger(sameBars)
    merger.add([at('A', 'EAN13', 100, 20), at('A', 'EAN13', 100, 280)])
    merger.add([at('A', 'EAN13', 100, 150), at('A', 'EAN13', 100, 420)])
    expect(merger.codes.map((c) => [c.center.y, c.seenBy])).toEqual([
      [20, 2],
      [420, 1],
    ])
  })

  it('drops a UPC-E read off the lower rows of an EAN-13 as a fragment of it', () => {
    const sameBars = (a: { center: { x: number } }, b: { center: { x: number } }) => Math.abs(a.center.x - b.center.x) < 50
    const merger = new DetectionMerger(sameBars)
    merger.add([at('9780441014989', 'EAN13', 114, 100, 154), at('17804419', 'UPCE', 78, 185, 85)])
    merger.add([at('9780441014989', 'EAN13', 114, 102, 154), at('17804419', 'UPCE', 78, 184, 85)])
    expect(merger.codes.map((c) => [c.text, c.seenBy])).toEqual([['9780441014989', 2]])
  })
})
