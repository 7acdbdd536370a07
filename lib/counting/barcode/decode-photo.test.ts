import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { shelfPhoto, type ShelfItem } from '@/test/shelf/generate-shelf-photo'
import { COMPACT_CARD } from '@/test/shelf/shelf-label'
import { glareLabels } from '@/test/shelf/glare-label'
import { AnalysisError } from '../analyser.ts'
import { decodePhotoFile as decodePhoto } from './load-photo.ts'

const tally = (codes: { text: string }[]) => {
  const out: Record<string, number> = {}
  for (const c of codes) out[c.text] = (out[c.text] ?? 0) + 1
  return out
}

const MIXED: ShelfItem[] = [
  { text: '5012345678900', format: 'ean13', count: 3 },
  { text: '96385074', format: 'ean8', count: 1 },
  { text: '036000291452', format: 'upca', count: 2 },
  { text: 'TIN-01', format: 'code128', count: 2 },
  { text: 'JAR-7', format: 'qrcode', count: 3 },
  { text: 'BOX-22', format: 'datamatrix', count: 1 },
]

/** A PNG header claiming width × height pixels (no pixel data needed to read the size). */
function pngHeader(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => (buf.reduce((c, b) => crcTable[(c ^ b) & 0xff]! ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(8 + data.length + 4)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 0, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))])
}

describe('decodePhoto, from a photo file as the server reads it', () => {
  it('finds every label once, copies of a product included, at their places', async () => {
    const photo = await shelfPhoto({ items: MIXED, width: 1200, height: 900, seed: 4, maxAngle: 5 })
    const decoded = await decodePhoto(photo.jpeg)
    expect(tally(decoded.codes)).toEqual(Object.fromEntries(photo.truth))
    expect(decoded).toMatchObject({ width: 1200, height: 900 })
    // each label's code is centred on the card above its caption: within 30 modules of the card's centre
    const nearest = photo.labels.map((label) => {
      const gaps = decoded.codes.map((c) => (c.text === label.text ? Math.hypot(c.center.x - label.x, c.center.y - label.y) : Infinity))
      const gap = Math.min(...gaps)
      expect(gap).toBeLessThan(30 * photo.pxPerModule)
      return gaps.indexOf(gap)
    })
    expect(new Set(nearest).size).toBe(photo.labels.length)
  })

  it('counts 1D labels tilted up to 20° either way exactly', async () => {
    const items: ShelfItem[] = [
      { text: '4006381333931', format: 'ean13', count: 4 },
      { text: 'SKU-12345', format: 'code128', count: 4 },
      { text: '01234565', format: 'upce', count: 2 },
    ]
    const photo = await shelfPhoto({ items, width: 1200, height: 900, seed: 8, maxAngle: 20 })
    expect(photo.labels.filter((l) => Math.abs(l.angle) > 15)).toHaveLength(4)
    const decoded = await decodePhoto(photo.jpeg)
    expect(tally(decoded.codes)).toEqual({ '4006381333931': 4, 'SKU-12345': 4, '01234565': 2 })
  })

  it('counts two copies of a product stacked in a column (zxing reads them as one code) twice, each at its place, the same on every run', async () => {
    const photo = await shelfPhoto({ items: [{ text: '4006381333931', format: 'ean13', count: 2 }], width: 320, height: 500, seed: 2, maxAngle: 1, layout: COMPACT_CARD })
    expect(Math.abs(photo.labels[0]!.x - photo.labels[1]!.x)).toBeLessThan(5)
    const decoded = await decodePhoto(photo.jpeg)
    expect(tally(decoded.codes)).toEqual({ '4006381333931': 2 })
    for (const label of photo.labels) expect(Math.min(...decoded.codes.map((c) => Math.hypot(c.center.x - label.x, c.center.y - label.y)))).toBeLessThan(30 * photo.pxPerModule)
    const again = await decodePhoto(photo.jpeg)
    expect(again.codes).toEqual(decoded.codes)
    expect(again.passes.map((p) => p.found)).toEqual(decoded.passes.map((p) => p.found))
  })

  it('finds nothing in a photo without codes', async () => {
    const photo = await shelfPhoto({ items: [], width: 800, height: 600, seed: 2 })
    expect((await decodePhoto(photo.jpeg)).codes).toEqual([])
  })

  it('refuses what is not an image, a truncated JPEG and a photo over 50 megapixels', async () => {
    const notImage = decodePhoto(Buffer.from('%PDF-1.7 not a photo'))
    await expect(notImage).rejects.toBeInstanceOf(AnalysisError)
    await expect(notImage).rejects.toMatchObject({ code: 'unreadable_image', message: 'This photo could not be read. Take it again as a JPEG or PNG.' })
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#88aa44' } }).jpeg().toBuffer()
    await expect(decodePhoto(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toMatchObject({ code: 'unreadable_image' })
    await expect(decodePhoto(pngHeader(8000, 7000))).rejects.toMatchObject({ code: 'unreadable_image', message: expect.stringContaining('56 megapixels') })
  })

  it('stops when the caller aborts', async () => {
    const photo = await shelfPhoto({ items: MIXED.slice(0, 1), width: 800, height: 600, seed: 3 })
    const controller = new AbortController()
    const reason = new Error('gave up')
    controller.abort(reason)
    await expect(decodePhoto(photo.jpeg, controller.signal)).rejects.toBe(reason)
  })
})

describe('decodePhoto, a label under glare', () => {
  it('counts a label whose bars a reflection lifts to the grey of its spaces, beside a clean one', async () => {
    const { png } = await glareLabels(['501234567890', '400638133393'], 170)
    expect(tally((await decodePhoto(png)).codes)).toEqual({ '5012345678900': 1, '4006381333931': 1 })
  })
})
