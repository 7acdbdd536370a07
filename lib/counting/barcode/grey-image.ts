// One-byte-per-pixel images and the few transforms the passes need, in plain
// JS over typed arrays: a rotation (bilinear) with the rows sharpened across
// the bars, and a 2× reduction. Each image is allocated as a binary PGM, so
// zxing reads it as it is (no RGBA copy, no colour conversion).
import type { View } from './geometry.ts'

export interface GreyImage {
  /** width × height luminance bytes, row by row */
  data: Uint8Array
  width: number
  height: number
  /** the same pixels behind a PGM header, for zxing; absent on images not made here */
  pgm?: Uint8Array
}

/** A photo decoded upright to 8-bit sRGB pixels, `channels` bytes each (3: RGB; 4: RGBA, alpha left out). */
export interface RgbImage {
  data: Uint8Array | Uint8ClampedArray
  width: number
  height: number
  channels: number
}

/** A blank image (all black) whose pixels sit behind a PGM header. */
export function allocateGrey(width: number, height: number): GreyImage {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`)
  const pgm = new Uint8Array(header.length + width * height)
  pgm.set(header)
  return { data: pgm.subarray(header.length), width, height, pgm }
}

/** The image as PGM bytes (copied only if it was not allocated as one). */
export function asPgm(image: GreyImage): Uint8Array {
  if (image.pgm) return image.pgm
  const copy = allocateGrey(image.width, image.height)
  copy.data.set(image.data)
  return copy.pgm!
}

/**
 * Luminance of 8-bit RGB pixels (`channels` bytes each, alpha ignored), by
 * zxing's own integer formula: fed these bytes, zxing sees what it sees when
 * handed the photo's RGBA pixels. A grey level off by one either way turns
 * some borderline reads.
 */
export function fromRgb(rgb: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: number): GreyImage {
  const out = allocateGrey(width, height)
  const grey = out.data
  for (let i = 0, k = 0; i < grey.length; i++, k += channels) grey[i] = (306 * rgb[k]! + 601 * rgb[k + 1]! + 117 * rgb[k + 2]! + 512) >> 10
  return out
}

const srgbToLinear = Float32Array.from({ length: 256 }, (_, i) => {
  const v = Math.fround(i / 255)
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
})
/** Linear light at i / 255 back to an sRGB level, with one more entry for the interpolation at 255. */
const linearToSrgb = Int32Array.from({ length: 257 }, (_, i) => {
  const y = Math.fround(Math.min(i, 255) / 255)
  return Math.round(Math.fround(y <= 0.0031308 ? 12.92 * y : 1.055 * y ** (1 / 2.4) - 0.055) * 255)
})

// Linear light in fixed point, 2^22 steps to a grey level: each channel's share is one table
// entry, and the sum of the three stays below 2^31 however far the interpolation adds.
const FRACTION_BITS = 22
const ONE_LEVEL = 2 ** FRACTION_BITS
const channelShare = (weight: number) => Int32Array.from(srgbToLinear, (linear) => Math.round(weight * linear * 255 * ONE_LEVEL))
const [RED, GREEN, BLUE] = [channelShare(0.2126), channelShare(0.7152), channelShare(0.0722)]
const LEVEL_STEP = Int32Array.from({ length: 256 }, (_, i) => linearToSrgb[i + 1]! - linearToSrgb[i]!)

/**
 * The photo's grey, as libvips (sharp's greyscale()) makes it: Rec. 709
 * luminance in linear light, back in sRGB through libvips' 256-step table.
 * The passes were tuned on this grey; computed here in JS, the server and the
 * browser get the same grey from the same pixels (it differs from sharp's own
 * by one level on about one colour in 100,000). Alpha is left out.
 * In integers: 56-69 ms for 12 MP where floating point took 147-160 (the same grey but for
 * 27 of the 16.7 million colours, each by one level).
 */
export function luminance({ data, width, height, channels }: RgbImage): GreyImage {
  const out = allocateGrey(width, height)
  const grey = out.data
  for (let i = 0, k = 0; i < grey.length; i++, k += channels) {
    const light = Math.min(RED[data[k]!]! + GREEN[data[k + 1]!]! + BLUE[data[k + 2]!]!, 255 * ONE_LEVEL)
    const low = light >> FRACTION_BITS
    grey[i] = ((linearToSrgb[low]! << FRACTION_BITS) + LEVEL_STEP[low & 255]! * (light & (ONE_LEVEL - 1)) + ONE_LEVEL / 2) >> FRACTION_BITS
  }
  return out
}

/**
 * The photo as the view sees it (`view.matrix`, a rotation, maps photo
 * points into it, shifted by `view.offset`), sampled bilinearly, white
 * outside the photo. With `sharpen` > 0 each row is then sharpened with the
 * kernel [−s, 1 + 2s, −s]: across the bars of a 1D code turned upright,
 * which restores the narrow bars and spaces that blur and resampling smear
 * into grey (along the bars nothing changes, so noise is not doubled).
 */
export function resample(photo: GreyImage, view: View, width: number, height: number, sharpen = 0): GreyImage {
  const out = allocateGrey(width, height)
  const { data: src, width: w, height: h } = photo
  // clamped: the sharpened values overshoot 0–255
  const dst = new Uint8ClampedArray(out.data.buffer, out.data.byteOffset, out.data.byteLength)
  const [a, b, c, d] = view.matrix
  const det = a * d - b * c
  // photo point of view pixel (u, v): inverse · (u + offset)
  const [ia, ib, ic, id] = [d / det, -b / det, -c / det, a / det]
  const row = new Float32Array(width)
  for (let v = 0; v < height; v++) {
    const [u0, v0] = [view.offset.x, v + view.offset.y]
    let x = ia * u0 + ib * v0
    let y = ic * u0 + id * v0
    for (let u = 0; u < width; u++, x += ia, y += ic) {
      if (x < 0 || y < 0 || x >= w - 1 || y >= h - 1) {
        row[u] = 255
        continue
      }
      const [ix, iy] = [x | 0, y | 0]
      const [fx, fy] = [x - ix, y - iy]
      const k = iy * w + ix
      const top = src[k]! + (src[k + 1]! - src[k]!) * fx
      const bottom = src[k + w]! + (src[k + w + 1]! - src[k + w]!) * fx
      row[u] = top + (bottom - top) * fy
    }
    const o = v * width
    if (sharpen > 0) {
      dst[o] = row[0]!
      dst[o + width - 1] = row[width - 1]!
      for (let u = 1; u < width - 1; u++) dst[o + u] = (1 + 2 * sharpen) * row[u]! - sharpen * (row[u - 1]! + row[u + 1]!)
    } else dst.set(row, o)
  }
  return out
}

/** The image at (x, y), interpolated between its four nearest pixels; white outside it (as resample). */
export function bilinear(image: GreyImage, x: number, y: number): number {
  const { data, width: w, height: h } = image
  if (x < 0 || y < 0 || x >= w - 1 || y >= h - 1) return 255
  const [ix, iy] = [x | 0, y | 0]
  const [fx, fy] = [x - ix, y - iy]
  const k = iy * w + ix
  const top = data[k]! + (data[k + 1]! - data[k]!) * fx
  const bottom = data[k + w]! + (data[k + w + 1]! - data[k + w]!) * fx
  return top + (bottom - top) * fy
}

/** The image with each row sharpened as `resample` does, without moving a pixel: its cost without the sampling. */
export function sharpenRows(image: GreyImage, sharpen: number): GreyImage {
  const { data: src, width, height } = image
  const out = allocateGrey(width, height)
  const dst = new Uint8ClampedArray(out.data.buffer, out.data.byteOffset, out.data.byteLength)
  for (let o = 0; o < width * height; o += width) {
    dst[o] = src[o]!
    dst[o + width - 1] = src[o + width - 1]!
    for (let k = o + 1, end = o + width - 1; k < end; k++) dst[k] = (1 + 2 * sharpen) * src[k]! - sharpen * (src[k - 1]! + src[k + 1]!)
  }
  return out
}

/** The image at half size, each pixel the mean of a 2 × 2 block. */
export function halve(image: GreyImage): GreyImage {
  const [width, height] = [image.width >> 1, image.height >> 1]
  const out = allocateGrey(width, height)
  const { data: src, width: w } = image
  for (let y = 0; y < height; y++) {
    let k = 2 * y * w
    const o = y * width
    for (let x = 0; x < width; x++, k += 2) out.data[o + x] = (src[k]! + src[k + 1]! + src[k + w]! + src[k + w + 1]! + 2) >> 2
  }
  return out
}
