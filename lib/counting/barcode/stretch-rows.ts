// Glare and uneven light across a label: a reflection lifts the bars under it
// to the grey of the spaces beside it, and zxing, which thresholds a whole
// row by one level, reads that stretch of the row as all white. Stretched,
// each pixel is placed between the darkest and the lightest pixel within a
// few modules of it along its row, so a bar under the glare is black again
// and a space white, however bright the glare above them.
import { allocateGrey, type GreyImage } from './grey-image.ts'

/**
 * The lightest (or darkest) value within `reach` pixels either side of each
 * pixel of `row`, into `out`: a sliding window's extreme by a monotonic
 * queue, in one pass whatever the reach.
 */
function extremes(row: Uint8Array, reach: number, lightest: boolean, out: Uint8Array, queue: Int32Array): void {
  const beats = (a: number, b: number) => (lightest ? a >= b : a <= b)
  let [head, tail, next] = [0, 0, 0]
  for (let x = 0; x < row.length; x++) {
    for (const last = Math.min(row.length - 1, x + reach); next <= last; next++) {
      while (tail > head && beats(row[next]!, row[queue[tail - 1]!]!)) tail--
      queue[tail++] = next
    }
    while (queue[head]! < x - reach) head++
    out[x] = row[queue[head]!]!
  }
}

/**
 * The image with each pixel stretched between the darkest and lightest pixel
 * within `reach` pixels along its row. Where those differ by less than
 * `leastRange` (paper, a solid patch: no bar beside a space) the pixel is
 * placed in a range that wide below the lightest, so flat areas stay flat.
 */
export function stretchRows(image: GreyImage, reach: number, leastRange: number): GreyImage {
  const { data, width, height } = image
  const out = allocateGrey(width, height)
  const [dark, light] = [new Uint8Array(width), new Uint8Array(width)]
  const queue = new Int32Array(width)
  for (let o = 0; o < width * height; o += width) {
    const row = data.subarray(o, o + width)
    extremes(row, reach, false, dark, queue)
    extremes(row, reach, true, light, queue)
    for (let x = 0; x < width; x++) {
      const range = Math.max(light[x]! - dark[x]!, leastRange)
      out.data[o + x] = Math.max(0, Math.round((255 * (row[x]! - light[x]! + range)) / range))
    }
  }
  return out
}
