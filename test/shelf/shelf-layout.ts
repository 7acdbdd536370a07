// Where the labels go (rows on shelves, as large as the photo allows) and
// the cluttered packaging behind them.
import sharp from 'sharp'
import { pick, randomInt, type LabelFormat } from './code-texts.ts'
import { cardUnits, ROOMY_CARD, type CardLayout } from './shelf-label.ts'

export interface LabelPlan {
  text: string
  format: LabelFormat
  angle: number
  shear: [number, number]
}

export interface LabelBox extends LabelPlan {
  /** centre in photo pixels */
  x: number
  y: number
  pxPerUnit: number
}

/** Labels are never drawn larger than this many photo pixels per module. */
const MAX_PX_PER_UNIT = 4

/** Bounding box of a w × h card after shear then rotation. */
function boundingBox(w: number, h: number, angle: number, shear: [number, number]): [number, number] {
  const a = (angle * Math.PI) / 180
  const [c, s] = [Math.abs(Math.cos(a)), Math.abs(Math.sin(a))]
  const sw = w + Math.abs(shear[0]) * h
  const sh = h + Math.abs(shear[1]) * w
  return [sw * c + sh * s, sw * s + sh * c]
}

function rowsAt(sizes: [number, number][], order: readonly number[], scale: number, width: number, gap: number): number[][] | null {
  const rows: number[][] = [[]]
  let x = 0
  for (const i of order) {
    const w = sizes[i]![0] * scale + gap * scale
    if (w > width) return null
    if (x + w > width) {
      rows.push([])
      x = 0
    }
    rows.at(-1)!.push(i)
    x += w
  }
  return rows
}

const rowHeight = (row: number[], sizes: [number, number][], scale: number, gap: number) => Math.max(...row.map((i) => sizes[i]![1])) * scale + gap * scale

/** Packs the labels in rows at the largest scale that fits, then spreads them over the photo. */
export async function packLabels(plans: LabelPlan[], width: number, height: number, random: () => number, layout: CardLayout = ROOMY_CARD): Promise<LabelBox[]> {
  const gap = layout.gap
  const units = await Promise.all(plans.map((p) => cardUnits(p.text, p.format, layout)))
  const sizes = plans.map((p, i) => boundingBox(units[i]!.width, units[i]!.height, p.angle, p.shear))
  // tall cards (2D codes, steep angles) share rows, so that short ones do not sit in rows twice their height
  const order = plans.map((_, i) => i)
  if (layout.rowsByHeight) order.sort((a, b) => sizes[b]![1] - sizes[a]![1] || a - b)
  const fits = (scale: number) => {
    const rows = rowsAt(sizes, order, scale, width, gap)
    return rows && rows.reduce((sum, row) => sum + rowHeight(row, sizes, scale, gap), 0) <= height ? rows : null
  }
  let [low, high] = [0.2, MAX_PX_PER_UNIT]
  if (!fits(high)) {
    for (let i = 0; i < 30; i++) {
      const mid = (low + high) / 2
      if (fits(mid)) low = mid
      else high = mid
    }
  } else low = high
  const scale = low
  const rows = fits(scale) ?? [order]
  const heights = rows.map((row) => rowHeight(row, sizes, scale, gap))
  const spareY = (height - heights.reduce((a, b) => a + b, 0)) / rows.length
  const boxes: LabelBox[] = new Array<LabelBox>(plans.length)
  let y = 0
  for (const [r, row] of rows.entries()) {
    const rowH = heights[r]! + spareY
    const used = row.reduce((sum, i) => sum + sizes[i]![0] * scale + gap * scale, 0)
    const spareX = (width - used) / row.length
    let x = 0
    for (const i of row) {
      const cellW = sizes[i]![0] * scale + gap * scale + spareX
      const slackX = cellW - sizes[i]![0] * scale - gap * scale
      const slackY = rowH - sizes[i]![1] * scale - gap * scale
      boxes[i] = { ...plans[i]!, pxPerUnit: scale, x: x + cellW / 2 + (random() - 0.5) * slackX * 0.8, y: y + rowH / 2 + (random() - 0.5) * slackY * 0.8 }
      x += cellW
    }
    y += rowH
  }
  return boxes
}

const COLOURS = ['#c0392b', '#2980b9', '#27ae60', '#f39c12', '#8e44ad', '#2c3e50', '#d35400', '#16a085', '#7f8c8d', '#e8d5b7', '#f5f5f5', '#1a1a1a']

/**
 * Packaging in many colours, some with stripes and print, over blotchy
 * noise; drawn at half size (it is out of focus anyway), returned as PNG.
 */
export async function clutter(fullWidth: number, fullHeight: number, random: () => number): Promise<Buffer> {
  const [width, height] = [Math.ceil(fullWidth / 2), Math.ceil(fullHeight / 2)]
  const [nw, nh] = [Math.ceil(width / 12), Math.ceil(height / 12)]
  const noise = Buffer.alloc(nw * nh * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = 60 + Math.floor(random() * 150)
  const base = await sharp(noise, { raw: { width: nw, height: nh, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).png({ compressionLevel: 0 }).toBuffer()
  const shapes: string[] = []
  const boxCount = 60 + Math.round((width * height) / 20_000)
  for (let i = 0; i < boxCount; i++) {
    const w = randomInt(random, width / 40, width / 6)
    const h = randomInt(random, height / 30, height / 4)
    const [x, y] = [randomInt(random, -w / 2, width), randomInt(random, -h / 2, height)]
    const fill = random() < 0.25 ? 'url(#stripes)' : pick(random, COLOURS)
    shapes.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" opacity="${(0.6 + random() * 0.4).toFixed(2)}"/>`)
    if (random() < 0.4) shapes.push(`<text x="${x + 8}" y="${y + h / 2}" font-family="sans-serif" font-size="${Math.round(h / 4)}" fill="${pick(random, COLOURS)}">BRAND ${i}</text>`)
  }
  for (let y = height / 6; y < height; y += height / 6) shapes.push(`<rect x="0" y="${Math.round(y)}" width="${width}" height="${Math.round(height / 80)}" fill="#555" opacity="0.8"/>`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><pattern id="stripes" width="7" height="7" patternUnits="userSpaceOnUse"><rect width="2" height="7" fill="#222"/><rect x="4" width="1" height="7" fill="#444"/></pattern></defs>${shapes.join('')}</svg>`
  const drawn = await sharp(base).composite([{ input: Buffer.from(svg) }]).raw().toBuffer({ resolveWithObject: true })
  return sharp(drawn.data, { raw: drawn.info }).resize(fullWidth, fullHeight).png({ compressionLevel: 0 }).toBuffer()
}
