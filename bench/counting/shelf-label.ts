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

const PAD = 12 * RENDER_PX_PER_UNIT
const CAPTION_HEIGHT = 16 * RENDER_PX_PER_UNIT

/** The card's size in units (1D module = 1 unit). */
export async function cardUnits(text: string, format: LabelFormat): Promise<{ width: number; height: number }> {
  const code = await codeImage(text, format)
  return { width: (code.width + 2 * PAD) / RENDER_PX_PER_UNIT, height: (code.height + 2 * PAD + CAPTION_HEIGHT) / RENDER_PX_PER_UNIT }
}

/** The flat card at render resolution. */
async function card(text: string, format: LabelFormat, caption: string): Promise<{ png: Buffer; width: number; height: number }> {
  const code = await codeImage(text, format)
  const [pad, captionHeight] = [PAD, CAPTION_HEIGHT]
  const width = code.width + 2 * pad
  const height = code.height + 2 * pad + captionHeight
  const fontSize = Math.round(captionHeight * 0.6)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${captionHeight}"><text x="${width / 2}" y="${fontSize}" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" fill="#222">${escapeXml(caption)}</text></svg>`
  const png = await sharp({ create: { width, height, channels: 4, background: '#fdfdf8' } })
    .composite([
      { input: code.png, left: pad, top: pad },
      { input: Buffer.from(svg), left: 0, top: pad + code.height + pad / 2 },
    ])
    .png()
    .toBuffer()
  return { png, width, height }
}

/** Renders the label as it appears in the photo: scaled, sheared, rotated, transparent around it. */
export async function renderLabel(spec: LabelSpec): Promise<RenderedLabel> {
  const flat = await card(spec.text, spec.format, spec.caption)
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
