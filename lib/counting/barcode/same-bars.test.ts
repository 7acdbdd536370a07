import { describe, expect, it } from 'vitest'
import { allocateGrey, type GreyImage } from './grey-image.ts'
import { SameBarsCheck } from './same-bars.ts'

/** Bars 2–6 px wide from x 50 to 250, on the rows given, white elsewhere; `bend` shifts them right by that many px per 100 rows. */
function barsImage(rows: [number, number][], bend = 0): GreyImage {
  const image = allocateGrey(300, 700)
  image.data.fill(230)
  const widths = [2, 4, 2, 6, 2, 2, 4, 6, 2, 4, 4, 2, 6, 2, 2, 4, 2, 6, 4, 2]
  for (const [top, bottom] of rows) {
    for (let y = top; y < bottom; y++) {
      let [x, dark] = [50 + Math.round((bend * y) / 100), true]
      for (let i = 0; x < 250 + Math.round((bend * y) / 100); i++) {
        const w = widths[i % widths.length]!
        if (dark) image.data.fill(20, y * 300 + x, y * 300 + Math.min(300, x + w))
        ;[x, dark] = [x + w, !dark]
      }
    }
  }
  return image
}

const read = (x: number, y: number) => ({ center: { x, y }, size: 200 })

describe('SameBarsCheck', () => {
  it('finds two reads far apart along one label’s bars on the same bars, also when the bars bend', () => {
    expect(new SameBarsCheck(barsImage([[100, 400]])).test(read(150, 120), read(150, 380))).toBe(true)
    expect(new SameBarsCheck(barsImage([[100, 400]], 20)).test(read(170, 120), read(222, 380))).toBe(true)
  })

  it('tells two copies of a label stacked in a column apart: white, and bars of another pattern, lie between them', () => {
    expect(new SameBarsCheck(barsImage([[100, 250], [270, 420]])).test(read(150, 150), read(150, 370))).toBe(false)
    const image = barsImage([[100, 255], [285, 440]])
    // no white between them, a caption: dark blobs unlike the bars
    for (let y = 255; y < 285; y++) for (let x = 40; x < 260; x++) image.data[y * 300 + x] = ((x >> 3) + (y >> 3)) % 3 === 0 ? 40 : 200
    expect(new SameBarsCheck(image).test(read(150, 150), read(150, 390))).toBe(false)
  })

  it('never joins reads side by side or further apart than twice the symbol', () => {
    const image = barsImage([[100, 400]])
    expect(new SameBarsCheck(image).test(read(150, 200), read(250, 200))).toBe(false)
    expect(new SameBarsCheck(barsImage([[0, 700]])).test(read(150, 10), read(150, 690))).toBe(false)
  })
})
