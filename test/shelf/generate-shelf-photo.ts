// Deterministic shelf-like photos with known contents, for the counting
// benchmark, unit tests and end-to-end tests: labels (a code and a caption on
// a white card) in rows on shelves over cluttered packaging, rotated, and for
// "degraded" photos sheared, blurred (σ 0.8 px), darker and saved as JPEG
// quality 60.
import sharp from 'sharp'
import { LABEL_FORMATS, pick, randomCodeText, randomInt, seededRandom, type LabelFormat } from './code-texts.ts'
import { COMPACT_CARD, renderLabel, ROOMY_CARD, type CardLayout } from './shelf-label.ts'
import { clutter, packLabels, type LabelBox } from './shelf-layout.ts'

export type { LabelFormat } from './code-texts.ts'

export interface ShelfItem {
  /** the code's text: a barcode number or a SKU */
  text: string
  format: LabelFormat
  /** how many labels of it are in the photo */
  count: number
  /** printed under the code; defaults to the text */
  caption?: string
}

export interface ShelfPhotoOptions {
  items: readonly ShelfItem[]
  /** default 1600 × 1200 */
  width?: number
  height?: number
  seed?: number
  /** largest rotation either way, degrees; default 20 */
  maxAngle?: number
  /** shear labels as a slightly oblique camera would; default: as `degraded` */
  perspective?: boolean
  /** blurred, darker, JPEG quality 60 */
  degraded?: boolean
  /** Gaussian blur sigma in pixels when degraded; default 0.8 */
  blur?: number
  /** margins and gaps of the cards; default ROOMY_CARD */
  layout?: CardLayout
}

export interface ShelfPhoto {
  jpeg: Buffer
  width: number
  height: number
  /** code text → number of labels in the photo */
  truth: Map<string, number>
  /** where each label's centre is, in photo pixels */
  labels: { text: string; format: LabelFormat; x: number; y: number; angle: number }[]
  /** photo pixels per 1D module */
  pxPerModule: number
}

/** A photo of exactly the given items (e.g. a start and an end photo for an end-to-end test). */
export async function shelfPhoto(options: ShelfPhotoOptions): Promise<ShelfPhoto> {
  const { width = 1600, height = 1200, seed = 1, maxAngle = 20, degraded = false } = options
  const perspective = options.perspective ?? degraded
  const random = seededRandom(seed)
  const wanted = options.items.flatMap((item) => Array.from({ length: item.count }, () => item))
  // shuffle so that copies of a product are not always neighbours
  for (let i = wanted.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[wanted[i], wanted[j]] = [wanted[j]!, wanted[i]!]
  }
  const specs = wanted.map((item) => ({
    item,
    angle: (random() * 2 - 1) * maxAngle,
    shear: perspective ? ([(random() * 2 - 1) * 0.06, (random() * 2 - 1) * 0.06] as [number, number]) : ([0, 0] as [number, number]),
  }))
  const layout = options.layout ?? ROOMY_CARD
  const boxes: LabelBox[] = await packLabels(specs.map((s) => ({ text: s.item.text, format: s.item.format, angle: s.angle, shear: s.shear })), width, height, random, layout)
  const rendered = await Promise.all(
    boxes.map((box, i) => renderLabel({ text: box.text, format: box.format, caption: specs[i]!.item.caption ?? box.text, pxPerUnit: box.pxPerUnit, angle: box.angle, shear: box.shear, layout })),
  )
  const background = await clutter(width, height, random)
  let photo = sharp(background).composite(
    rendered.map((label, i) => ({
      input: label.png,
      left: Math.round(boxes[i]!.x - label.width / 2),
      top: Math.round(boxes[i]!.y - label.height / 2),
    })),
  )
  if (degraded) photo = sharp(await photo.png({ compressionLevel: 0 }).toBuffer()).blur(options.blur ?? 0.8).modulate({ brightness: 0.8 })
  const jpeg = await photo.jpeg({ quality: degraded ? 60 : 90 }).toBuffer()
  const truth = new Map<string, number>()
  for (const item of wanted) truth.set(item.text, (truth.get(item.text) ?? 0) + 1)
  return {
    jpeg,
    width,
    height,
    truth,
    labels: boxes.map((b) => ({ text: b.text, format: b.format, x: b.x, y: b.y, angle: b.angle })),
    pxPerModule: boxes[0]?.pxPerUnit ?? 0,
  }
}

export interface GeneratedShelfOptions {
  /** labels in the photo, 5–200 */
  labelCount: number
  seed: number
  width?: number
  height?: number
  degraded?: boolean
  blur?: number
  formats?: readonly LabelFormat[]
  /**
   * 'compact' (default): cards as tight as real shelf labels, so that up to
   * 200 fit into 12 MP at or above MIN_PX_PER_MODULE; 'roomy': the older,
   * wider cards, which put 140–200 labels at 1.6–2 px per module.
   */
  cards?: 'compact' | 'roomy'
}

/**
 * The density floor of the benchmark: labels meant to be counted from a photo
 * are printed big enough, and the shop owner is told to stand close enough,
 * that a 12 MP photo has at least this many pixels per narrow bar (1D
 * module). Under ~2 px a blurred (σ 0.8) JPEG q60 bar is smeared into grey
 * and no reader can tell a narrow bar from a wide one. Compact cards keep
 * every generated photo of 5–200 labels at 4000 × 3000 above it.
 */
export const MIN_PX_PER_MODULE = 2.2

/**
 * A 12-megapixel photo of `labelCount` labels of random products in mixed
 * symbologies, several copies of most products.
 */
export async function generateShelfPhoto(options: GeneratedShelfOptions): Promise<ShelfPhoto> {
  const random = seededRandom(options.seed * 7919 + 17)
  const formats = options.formats ?? LABEL_FORMATS
  const items: ShelfItem[] = []
  let left = options.labelCount
  while (left > 0) {
    const count = Math.min(left, randomInt(random, 1, Math.max(1, Math.ceil(options.labelCount / 10))))
    const format = pick(random, formats)
    const text = randomCodeText(random, format)
    if (items.some((i) => i.text === text)) continue
    items.push({ text, format, count, caption: `Item ${items.length + 1}` })
    left -= count
  }
  const layout = options.cards === 'roomy' ? ROOMY_CARD : COMPACT_CARD
  return shelfPhoto({ items, width: options.width ?? 4000, height: options.height ?? 3000, seed: options.seed, degraded: options.degraded, blur: options.blur, layout })
}
