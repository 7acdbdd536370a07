// Finds where 1D symbols are, and at what angle, without reading them: the
// bars of a 1D code are a patch of strong gradients that all point one way
// (across the bars). The image is cut into blocks; each block's structure
// tensor (sums of gx², gy², gx·gy) gives how strong its edges are, how much
// they agree in direction (coherence) and that direction. Neighbouring
// strong, coherent blocks of about the same direction are joined into
// regions, and each region's oriented box is a place to read a 1D code at
// its own angle, from a crop, where the reader's threshold is set by that
// code's own bars and not by the clutter around it. Text, photos of
// packaging and blur are strong but not coherent; card edges and printed
// stripes are coherent too, and only cost a failed read.
import type { Point } from './geometry.ts'
import type { GreyImage } from './grey-image.ts'

export interface LinearRegion {
  /** centre, in the pixels of the image searched */
  center: Point
  /**
   * direction across the bars, degrees clockwise from the x axis, in
   * (−90, 90]: a region of upright bars is at 0°, one turned 20° clockwise at 20°
   */
  angle: number
  /** extent across the bars (about the symbol's width), pixels */
  length: number
  /** extent along the bars, pixels */
  height: number
}

export interface FindOptions {
  /** block side, pixels; default 16 */
  block?: number
  /** rows of a block sampled: every `rowStep`th; default 2 */
  rowStep?: number
  /** least mean squared gradient of a block (central differences, grey levels²); default 900 */
  minEnergy?: number
  /** least coherence of a block, 0–1; default 0.55 */
  minCoherence?: number
  /** largest difference of direction between joined blocks, degrees; default 20 */
  maxTurn?: number
  /** least number of blocks of a region; default 3 */
  minBlocks?: number
  /**
   * least fraction of a block's pixels on an edge (|gradient| ≥ 16): bars put
   * an edge at nearly every pixel, a card's border only in one column; default 0.4
   */
  minBusy?: number
}

interface Block {
  sxx: number
  syy: number
  sxy: number
  /** direction of the gradient, radians in (−π/2, π/2] */
  theta: number
  on: boolean
}

const direction = (sxx: number, syy: number, sxy: number) => {
  // the tensor's main axis is at ½·atan2(2sxy, sxx − syy), in (−π/2, π/2]
  const t = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  return t <= -Math.PI / 2 ? t + Math.PI : t
}

/** Difference of two undirected directions (mod π), radians in [0, π/2]. */
const turn = (a: number, b: number) => {
  const d = Math.abs(a - b) % Math.PI
  return d > Math.PI / 2 ? Math.PI - d : d
}

/** Regions of the image that look like the bars of 1D codes, largest first. */
export function findLinearRegions(image: GreyImage, options: FindOptions = {}): LinearRegion[] {
  const { block: B = 16, rowStep = 2, minEnergy = 900, minCoherence = 0.55, maxTurn = 20, minBlocks = 3, minBusy = 0.4 } = options
  const { data, width: w, height: h } = image
  const [bw, bh] = [Math.floor((w - 2) / B), Math.floor((h - 2) / B)]
  if (bw < 1 || bh < 1) return []
  const blocks: Block[] = new Array<Block>(bw * bh)
  const area = B * Math.ceil(B / rowStep)
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let [sxx, syy, sxy, busy] = [0, 0, 0, 0]
      for (let y = 1 + by * B, yEnd = y + B; y < yEnd; y += rowStep) {
        for (let k = y * w + 1 + bx * B, kEnd = k + B; k < kEnd; k++) {
          const gx = data[k + 1]! - data[k - 1]!
          const gy = data[k + w]! - data[k - w]!
          sxx += gx * gx
          syy += gy * gy
          sxy += gx * gy
          if (gx * gx + gy * gy >= 256) busy++
        }
      }
      const energy = (sxx + syy) / area
      const coherence = sxx + syy > 0 ? Math.hypot(sxx - syy, 2 * sxy) / (sxx + syy) : 0
      blocks[by * bw + bx] = { sxx, syy, sxy, theta: direction(sxx, syy, sxy), on: energy >= minEnergy && coherence >= minCoherence && busy >= minBusy * area }
    }
  }
  const maxTurnRad = (maxTurn * Math.PI) / 180
  const region = new Int32Array(bw * bh).fill(-1)
  const regions: LinearRegion[] = []
  const stack: number[] = []
  for (let start = 0; start < blocks.length; start++) {
    if (!blocks[start]!.on || region[start] !== -1) continue
    const members: number[] = []
    region[start] = regions.length
    stack.push(start)
    while (stack.length > 0) {
      const i = stack.pop()!
      members.push(i)
      const [x, y] = [i % bw, (i / bw) | 0]
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy]
          if (nx < 0 || ny < 0 || nx >= bw || ny >= bh) continue
          const j = ny * bw + nx
          if (region[j] !== -1 || !blocks[j]!.on || turn(blocks[i]!.theta, blocks[j]!.theta) > maxTurnRad) continue
          region[j] = regions.length
          stack.push(j)
        }
      }
    }
    if (members.length < minBlocks) {
      regions.push({ center: { x: 0, y: 0 }, angle: 0, length: 0, height: 0 })
      continue
    }
    let [sxx, syy, sxy] = [0, 0, 0]
    for (const i of members) {
      sxx += blocks[i]!.sxx
      syy += blocks[i]!.syy
      sxy += blocks[i]!.sxy
    }
    const theta = direction(sxx, syy, sxy)
    const [c, s] = [Math.cos(theta), Math.sin(theta)]
    let [uMin, uMax, vMin, vMax] = [Infinity, -Infinity, Infinity, -Infinity]
    for (const i of members) {
      const [x, y] = [1 + ((i % bw) + 0.5) * B, 1 + (((i / bw) | 0) + 0.5) * B]
      const [u, v] = [x * c + y * s, -x * s + y * c]
      uMin = Math.min(uMin, u)
      uMax = Math.max(uMax, u)
      vMin = Math.min(vMin, v)
      vMax = Math.max(vMax, v)
    }
    const [u, v] = [(uMin + uMax) / 2, (vMin + vMax) / 2]
    regions.push({ center: { x: u * c - v * s, y: u * s + v * c }, angle: (theta * 180) / Math.PI, length: uMax - uMin + B, height: vMax - vMin + B })
  }
  return regions.filter((r) => r.length > 0).sort((a, b) => b.length * b.height - a.length * a.height)
}
