// One printed shelf label: a white card with the code and a line of human
// text, scaled to the photo, rotated and optionally sheared like a camera
// would see it.
import bwipjs from 'bwip-js/node'
import sharp from 'sharp'
import type { LabelFormat } from './code-texts.ts'

/** The card is laid out at 3 px per unit; a 1D module is 1 unit. */
const RENDER_PX_PER_UNIT = 3
const LINEAR: ReadonlySet<LabelFormat> = new Set(['ean13', 'ean8', 'upca', 'upce', 'code128'])
/** bwip-js scale of the 2D symbols, so that they are about as big as a 1D code on the card. */
const MATRIX_SCALE: Partial<Record<LabelFormat, number>> = { qrcode: 7, datamatrix: 9 }

export interface LabelSpec {
  text: string
  format: LabelFormat
  /** the product's name printed under the code */
  caption: string
  /** photo pixels per card unit (a 1D module is one unit) */
  pxPerUnit: number
  /** degrees, clockwise */
  angle: number
  /** horizontal and vertical shear, e.g. 0.05; 0 for none */
  shear: [number, number]
  /** default ROOMY_CARD */
  layout?: CardLayout
}

export interface RenderedLabel {
  png: Buffer
  width: number
  height: number
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

const codeImages = new Map<string, Promise<{ png: Buffer; width: number; height: number }>>()

function codeImage(text: string, format: LabelFormat): Promise<{ png: Buffer; width: number; height: number }> {
  const key = `${format}:${text}`
  let image = codeImages.get(key)
  if (!image) {
    const png = LINEAR.has(format)
      ? bwipjs.toBuffer({ bcid: format, text, scale: RENDER_PX_PER_UNIT, height: 12, includetext: true, textxalign: 'center' })
      : bwipjs.toBuffer({ bcid: format, text, scale: MATRIX_SCALE[format] ?? 7 })
    image = png.then(async (buffer) => {
      const meta = await sharp(buffer).metadata()
      return { png: buffer, width: meta.width, height: meta.height }
    })
    codeImages.set(key, image)
  }
  return image
}

/** How much card there is around the code, in units (a 1D module is 1 unit). */
export interface CardLayout {
  /** white left and right of the code: its quiet zone (zxing wants 5–7 modules, the specs 7–10) */
  padX: number
  /** white above the code and between it and the caption */
  padY: number
  /** height of the caption line */
  caption: number
  /** space between neighbouring cards (clutter shows through) */
  gap: number
  /** fill the shelves tallest card first (2D labels together), rather than in the shuffled order */
  rowsByHeight?: boolean
}

/** Generous cards: a 12-module margin all round. */
export const ROOMY_CARD: CardLayout = { padX: 12, padY: 12, caption: 16, gap: 10 }
/**
 * Cards as tight as real shelf labels: still a 7-module quiet zone either
 * side of a 1D code (zxing-cpp asks 5 for Code 128, 7 after an EAN), less
 * white above and below, a smaller caption, cards closer together, and
 * shelves filled tallest card first (a shelf of 1D labels is not as tall as
 * one with a QR label on it). Modules keep their size. This fits
 * 200 labels into 12 MP at ≥ 2.2 px per module, where ROOMY_CARD falls to 1.6.
 */
export const COMPACT_CARD: CardLayout = { padX: 7, padY: 4, caption: 8, gap: 2, rowsByHeight: true }

/** The card's size in units (1D module = 1 unit). */
export async function cardUnits(text: string, format: LabelFormat, layout: CardLayout = ROOMY_CARD): Promise<{ width: number; height: number }> {
  const code = await codeImage(text, format)
  return { width: code.width / RENDER_PX_PER_UNIT + 2 * layout.padX, height: code.height / RENDER_PX_PER_UNIT + 2 * layout.padY + layout.caption }
}

/** The flat card at render resolution. */
async function card(text: string, format: LabelFormat, caption: string, layout: CardLayout): Promise<{ png: Buffer; width: number; height: number }> {
  const code = await codeImage(text, format)
  const [pad, padY, captionHeight] = [layout.padX * RENDER_PX_PER_UNIT, layout.padY * RENDER_PX_PER_UNIT, layout.caption * RENDER_PX_PER_UNIT]
  const width = code.width + 2 * pad
  const height = code.height + 2 * padY + captionHeight
  const fontSize = Math.round(captionHeight * 0.6)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${captionHeight}"><text x="${width / 2}" y="${fontSize}" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" fill="#222">${escapeXml(caption)}</text></svg>`
  const png = await sharp({ create: { width, height, channels: 4, background: '#fdfdf8' } })
    .composite([
      { input: code.png, left: pad, top: padY },
      { input: Buffer.from(svg), left: 0, top: Math.round(padY + code.height + padY / 2) },
    ])
    .png()
    .toBuffer()
  return { png, width, height }
}

/** Renders the label as it appears in the photo: scaled, sheared, rotated, transparent around it. */
export async function renderLabel(spec: LabelSpec): Promise<RenderedLabel> {
  const flat = await card(spec.text, spec.format, spec.caption, spec.layout ?? ROOMY_CARD)
  const scale = spec.pxPerUnit / RENDER_PX_PER_UNIT
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 }
  const resized = await sharp(flat.png)
    .resize(Math.max(8, Math.round(flat.width * scale)), Math.max(8, Math.round(flat.height * scale)), { kernel: 'lanczos3' })
    .png()
    .toBuffer()
  let pipeline = sharp(resized).ensureAlpha()
  if (spec.shear[0] !== 0 || spec.shear[1] !== 0) {
    pipeline = sharp(await pipeline.affine([1, spec.shear[0], spec.shear[1], 1], { background: transparent }).png().toBuffer())
  }
  const { data, info } = await pipeline.rotate(spec.angle, { background: transparent }).png().toBuffer({ resolveWithObject: true })
  return { png: data, width: info.width, height: info.height }
}
