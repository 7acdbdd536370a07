// Videos for Chromium's fake camera (--use-file-for-fake-video-capture), made
// when a test starts, never committed: a shelf of labels panned along and
// back (the live count), and one item held up to the camera (the counter).
// Frames are cut from one large picture, turned a little as a hand does,
// smeared along the motion, and written as MJPEG: a JPEG a frame, which
// Chromium plays at 30 frames a second, looping.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { seededRandom } from './code-texts.ts'
import { cardUnits, COMPACT_CARD, renderLabel } from './shelf-label.ts'
import { clutter } from './shelf-layout.ts'

export interface VideoProduct {
  /** an EAN-13 with its check digit */
  code: string
  name: string
}

export interface Placed {
  code: string
  x: number
  y: number
}

/** Photo pixels per module: a phone held a forearm from the shelf. */
const PX_PER_UNIT = 2.8

/** A shelf picture: rows of labels, each product's facings side by side; where each label's centre is. */
export async function shelfPicture(products: readonly VideoProduct[], { facings, rows, height, seed }: { facings: number; rows: number; height: number; seed: number }) {
  const random = seededRandom(seed)
  const units = await cardUnits(products[0]!.code, 'ean13', COMPACT_CARD)
  const pitch = Math.round((units.width + 14) * PX_PER_UNIT)
  const perRow = Math.ceil((products.length * facings) / rows)
  const width = perRow * pitch + 2 * pitch
  const order = products.flatMap((product) => Array.from({ length: facings }, () => product))
  const placed: (Placed & { png: Buffer; w: number; h: number })[] = []
  for (const [i, product] of order.entries()) {
    const [row, column] = [Math.floor(i / perRow), i % perRow]
    const angle = (random() - 0.5) * 6
    const label = await renderLabel({ text: product.code, format: 'ean13', caption: product.name, pxPerUnit: PX_PER_UNIT, angle, shear: [0, 0], layout: COMPACT_CARD })
    const x = Math.round(pitch * (column + 1.5) + (random() - 0.5) * 10)
    // rows spread over the part the camera sees (it bobs 40 px either way)
    const y = Math.round(40 + ((height - 80) * (row + 0.5)) / rows)
    placed.push({ code: product.code, x, y, png: label.png, w: label.width, h: label.height })
  }
  const background = await clutter(width, height, random)
  const png = await sharp(background)
    .composite(placed.map((label) => ({ input: label.png, left: Math.round(label.x - label.w / 2), top: Math.round(label.y - label.h / 2) })))
    .png({ compressionLevel: 1 })
    .toBuffer()
  return { png, width, height, labels: placed.map(({ code, x, y }) => ({ code, x, y })) }
}

interface Shot {
  /** the frame's left edge in the picture */
  x: number
  y: number
  /** degrees the camera is turned */
  tilt: number
  /** px the picture moved while the shutter was open */
  blur: number
}

/** A picture's pixels, decoded once for all the frames cut from it. */
interface Raw {
  data: Buffer
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 }
}

const rawOf = async (png: Buffer): Promise<Raw> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, info: { width: info.width, height: info.height, channels: info.channels } }
}

/** One frame: the part of the picture the camera sees, turned and smeared along the motion. */
async function frameOf(picture: Raw, shot: Shot, frame: { width: number; height: number }): Promise<Buffer> {
  const margin = 40
  const size = picture.info
  const left = Math.max(0, Math.min(size.width - frame.width - 2 * margin, Math.round(shot.x - margin)))
  const top = Math.max(0, Math.min(size.height - frame.height - 2 * margin, Math.round(shot.y - margin)))
  const cut = await sharp(picture.data, { raw: picture.info })
    .extract({ left, top, width: frame.width + 2 * margin, height: frame.height + 2 * margin })
    .rotate(shot.tilt, { background: '#808080' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const [cx, cy] = [Math.round((cut.info.width - frame.width) / 2), Math.round((cut.info.height - frame.height) / 2)]
  let image = sharp(cut.data, { raw: cut.info }).extract({ left: cx, top: cy, width: frame.width, height: frame.height })
  // a box blur along the motion (the middle row of a kernel at least 3 × 3)
  const length = 2 * Math.floor(shot.blur / 2) + 1
  if (length >= 3) image = sharp(await image.raw().toBuffer(), { raw: { width: frame.width, height: frame.height, channels: cut.info.channels } }).convolve({ width: length, height: 3, kernel: Array.from({ length: 3 * length }, (_, k) => (k >= length && k < 2 * length ? 1 : 0)) })
  return image.jpeg({ quality: 80 }).toBuffer()
}

/**
 * A video file under the OS's temp folder, named by a hash of what makes it:
 * its path is known before it is made (Chromium takes it when it starts), and
 * it is made once.
 */
export interface FakeCameraVideo {
  file: string
  /** writes the file unless it is there already */
  make: () => Promise<void>
}

function cachedVideo(name: string, key: unknown, frames: () => AsyncIterable<Buffer>): FakeCameraVideo {
  const folder = join(tmpdir(), 'shelfsnap-fake-camera')
  const file = join(folder, `${name}-${createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 12)}.mjpeg`)
  const make = async () => {
    if (existsSync(file)) return
    await mkdir(folder, { recursive: true })
    const parts: Buffer[] = []
    for await (const jpeg of frames()) parts.push(jpeg)
    const partial = `${file}.${process.pid}.part`
    await writeFile(partial, Buffer.concat(parts))
    await rename(partial, file)
  }
  return { file, make }
}

export const FAKE_CAMERA_FPS = 30

export interface PanOptions {
  products: readonly VideoProduct[]
  facings: number
  rows?: number
  frame?: { width: number; height: number }
  /** seconds to pan from one end to the other (and as long back) */
  seconds?: number
  seed?: number
}

/**
 * A shelf panned along from one end to the other and back, easing in and out
 * at the ends (the file loops: back where it began, it goes again), tilting a
 * little, with motion blur.
 */
export function shelfPanVideo({ products, facings, rows = 4, frame = { width: 1280, height: 720 }, seconds = 12, seed = 11 }: PanOptions) {
  const truth = new Map(products.map((product) => [product.code, facings]))
  const count = Math.round(seconds * FAKE_CAMERA_FPS)
  const video = cachedVideo('shelf-pan', { products, facings, rows, frame, seconds, seed, v: 1 }, async function* () {
    const picture = await shelfPicture(products, { facings, rows, height: frame.height + 80, seed })
    const raw = await rawOf(picture.png)
    const travel = picture.width - frame.width - 80
    const along = (i: number) => (travel * (1 - Math.cos((Math.PI * i) / count))) / 2
    for (let i = 0; i < 2 * count; i++) {
      const x = along(i)
      const speed = Math.abs(along(i + 1) - x)
      yield frameOf(raw, { x, y: 40 + 12 * Math.sin(i / 20), tilt: 2 * Math.sin(i / 45), blur: speed * 0.3 }, frame)
    }
  })
  return { ...video, truth, labels: products.length * facings, seconds: 2 * seconds }
}

/**
 * One item's label held up to the camera at the counter: `before` seconds of
 * the counter, then the label for `held` seconds (the hand shaking a little),
 * then the counter again for `after` seconds.
 */
export function heldItemVideo(product: VideoProduct, { before = 4, held = 5, after = 11, frame = { width: 1280, height: 720 } } = {}) {
  const video = cachedVideo('held-item', { product, before, held, after, frame, v: 1 }, async function* () {
    const label = await renderLabel({ text: product.code, format: 'ean13', caption: product.name, pxPerUnit: 4, angle: 0, shear: [0, 0], layout: COMPACT_CARD })
    const counter = await clutter(frame.width * 2, frame.height + 80, seededRandom(5))
    const withItem = await sharp(counter)
      .composite([{ input: label.png, left: Math.round(frame.width * 1.5 - label.width / 2), top: Math.round((frame.height + 80) / 2 - label.height / 2) }])
      .png({ compressionLevel: 1 })
      .toBuffer()
    const [empty, withLabel] = [await rawOf(counter), await rawOf(withItem)]
    const total = (before + held + after) * FAKE_CAMERA_FPS
    for (let i = 0; i < total; i++) {
      const second = i / FAKE_CAMERA_FPS
      const inHand = second >= before && second < before + held
      const shake = { x: frame.width + 20 * Math.sin(i / 7), y: 40 + 10 * Math.sin(i / 5), tilt: 3 * Math.sin(i / 11), blur: 2 }
      yield frameOf(inHand ? withLabel : empty, shake, frame)
    }
  })
  return { ...video, seconds: before + held + after }
}
