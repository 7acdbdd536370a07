import bwipjs from 'bwip-js/node'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { shelfPhoto } from '@/test/shelf/generate-shelf-photo'
import { IDENTITY, rotatedView, toPhoto, viewSize } from './geometry.ts'
import { allocateGrey, asPgm, fromRgb, halve, luminance, resample, sharpenRows } from './grey-image.ts'
import { loadPhoto } from './load-photo.ts'
import { loadZXing } from './zxing-node.ts'
import { LINEAR_FORMATS, readCodes } from './zxing-reader.ts'

const grey = (width: number, height: number, pixel: (x: number, y: number) => number) => {
  const image = allocateGrey(width, height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) image.data[y * width + x] = pixel(x, y)
  return image
}

describe('grey images', () => {
  beforeAll(loadZXing)

  it('are PGM bytes, which zxing reads', async () => {
    const image = grey(3, 2, (x, y) => 40 * x + 100 * y)
    const pgm = asPgm(image)
    expect([...pgm]).toEqual([...Buffer.from('P5\n3 2\n255\n', 'ascii'), 0, 40, 80, 100, 140, 180])
    expect(asPgm({ data: image.data, width: 3, height: 2 })).toEqual(pgm)
    const png = await bwipjs.toBuffer({ bcid: 'qrcode', text: 'PGM-1', scale: 4, paddingwidth: 4, paddingheight: 4, backgroundcolor: 'ffffff' })
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
    const qr = allocateGrey(info.width, info.height)
    qr.data.set(data)
    expect((await readCodes(qr, { formats: ['QRCode'] })).map((r) => r.text)).toEqual(['PGM-1'])
  })

  it('luminance is the grey sharp makes (libvips: Rec. 709 in linear light) to within one level on one colour in 10,000, from RGB or RGBA', async () => {
    // every fourth colour of the 16.7 million, one a pixel
    const [width, height] = [2048, 2048]
    const rgb = new Uint8Array(width * height * 3)
    for (let i = 0; i < width * height; i++) rgb.set([(4 * i) >> 16, ((4 * i) >> 8) & 255, (4 * i) & 255], 3 * i)
    const sharps = await sharp(rgb, { raw: { width, height, channels: 3 } }).greyscale().raw().toBuffer()
    const ours = luminance({ data: rgb, width, height, channels: 3 }).data
    const off = ours.filter((v, i) => Math.abs(v - sharps[i]!) > 0)
    expect(ours.every((v, i) => Math.abs(v - sharps[i]!) <= 1)).toBe(true)
    expect(off.length).toBeLessThan((width * height) / 10_000)
    const rgba = new Uint8Array([255, 0, 0, 9, 0, 255, 0, 0, 128, 128, 128, 255])
    expect([...luminance({ data: rgba, width: 3, height: 1, channels: 4 }).data]).toEqual([127, 220, 128])
  })

  it('fromRgb weighs red, green and blue as zxing does with an ImageData, alpha left out', () => {
    const rgba = new Uint8Array([255, 0, 0, 9, 0, 255, 0, 9, 0, 0, 255, 9, 10, 200, 30, 0])
    const image = fromRgb(rgba, 2, 2, 4)
    expect([...image.data]).toEqual([76, 150, 29, 124])
    expect([...fromRgb(new Uint8Array([10, 200, 30]), 1, 1, 3).data]).toEqual([124])
  })

  it('sharpenRows sharpens as resample does through an unturned view, away from the last row and column, which resample leaves white', () => {
    const photo = grey(9, 4, (x, y) => (x * 37 + y * 91) % 256)
    const [rows, resampled] = [sharpenRows(photo, 0.5), resample(photo, IDENTITY, 9, 4, 0.5)]
    // resample whites the last column, which also changes the sharpening of the one before
    for (let y = 0; y < 3; y++) expect([...rows.data.subarray(y * 9, y * 9 + 7)]).toEqual([...resampled.data.subarray(y * 9, y * 9 + 7)])
  })

  it('halve averages 2 × 2 blocks', () => {
    const half = halve(grey(4, 2, (x) => (x % 2 ? 200 : 100)))
    expect([half.width, half.height, ...half.data]).toEqual([2, 1, 150, 150])
  })

  it('resample turns the photo as the view says, white outside it, and maps back with toPhoto', () => {
    const photo = grey(40, 30, (x, y) => (x >= 10 && x < 12 && y >= 5 && y < 7 ? 0 : 200))
    const view = rotatedView(90, 1, 40, 30)
    const size = viewSize(view, 40, 30)
    expect(size).toEqual({ width: 30, height: 40 })
    const out = resample(photo, view, size.width, size.height)
    const dark = [...out.data.keys()].filter((i) => out.data[i]! < 100).map((i) => toPhoto({ x: (i % size.width) + 0.5, y: Math.floor(i / size.width) + 0.5 }, view))
    expect(dark.length).toBeGreaterThan(0)
    for (const p of dark) expect(Math.hypot(p.x - 11, p.y - 6)).toBeLessThan(2)
    // the photo's last column and row have no right/lower neighbour: white, like the area outside
    expect(out.data[0]).toBe(255)
  })

  it('sharpening across the bars lets zxing read 1D codes it cannot read blurred (σ 1.1 px, JPEG q60)', async () => {
    const items = [
      { text: '4006381333931', format: 'ean13' as const, count: 6 },
      { text: 'CKA-31625', format: 'code128' as const, count: 6 },
    ]
    const photo = await shelfPhoto({ items, width: 1000, height: 700, seed: 11, maxAngle: 0, degraded: true, blur: 1.1 })
    const image = luminance(await loadPhoto(photo.jpeg))
    const view = rotatedView(0, 1, image.width, image.height)
    const read = async (sharpen: number) => {
      const results = await readCodes(resample(image, view, image.width, image.height, sharpen), { formats: [...LINEAR_FORMATS], tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: false })
      return results.filter((r) => r.isValid).length
    }
    const [plain, sharpened] = [await read(0), await read(0.5)]
    expect(sharpened).toBeGreaterThan(plain)
  })
})
