import { readBarcodes } from 'zxing-wasm/reader'
import { beforeAll, describe, expect, it } from 'vitest'
import { blurredLabel } from '@/test/shelf/blurred-label'
import { decodePhoto } from './decode-photo.ts'
import { decodeProfile } from './profile-decoder.ts'
import { loadZXing } from './zxing-node.ts'

/** The mean of three rows across the middle of the label, as read-fitted.ts takes them. */
function middleLine({ data, width, height, channels }: { data: Buffer; width: number; height: number; channels: number }, reverse = false) {
  const line = new Float64Array(width)
  for (let y = (height >> 1) - 1; y <= (height >> 1) + 1; y++) for (let x = 0; x < width; x++) line[x]! += data[(y * width + x) * channels]!
  return reverse ? line.reverse() : line
}

describe('decodeProfile', () => {
  beforeAll(() => loadZXing())

  it('reads an EAN-13 blurred past what zxing reads, either way round', async () => {
    const { rgb, png } = await blurredLabel('ean13', '9780441014989', 2.5, 1.8)
    // the premise: zxing's plain call reads nothing here
    expect((await readBarcodes(png, { formats: ['EAN13', 'UPCA'] })).filter((r) => r.isValid)).toEqual([])
    expect(decodeProfile(middleLine(rgb))).toMatchObject({ format: 'EAN13', text: '9780441014989' })
    expect(decodeProfile(middleLine(rgb, true))).toMatchObject({ format: 'EAN13', text: '9780441014989' })
  })

  it('gives a UPC-A as zxing does, in 12 digits', async () => {
    const { rgb } = await blurredLabel('upca', '036000291452', 2, 1.6)
    expect(decodeProfile(middleLine(rgb))).toMatchObject({ format: 'UPCA', text: '036000291452' })
  })

  it('reads a blurred UPC-E, which a line holding no EAN-13 is tried as', async () => {
    const { rgb } = await blurredLabel('upce', '01234565', 2.5, 1.8)
    expect(decodeProfile(middleLine(rgb))).toMatchObject({ format: 'UPCE', text: '01234565' })
  })

  it('reads nothing from a line without a code, or from one blurred beyond telling digits apart', async () => {
    const stripes = Float64Array.from({ length: 600 }, (_, x) => (Math.sin(x / 3.1) + Math.sin(x / 7.3) > 0.4 ? 40 : 220))
    expect(decodeProfile(stripes)).toBeNull()
    const { rgb } = await blurredLabel('ean13', '9780441014989', 2.5, 2.2)
    expect(decodeProfile(middleLine(rgb))).toBeNull()
  })
})

describe('decodePhoto with the bars fitted whole', () => {
  it('counts a blurred EAN-13 that no zxing pass reads, once', async () => {
    const { rgb } = await blurredLabel('ean13', '9780441014989', 2.5, 1.8)
    const { codes, passes } = await decodePhoto(rgb)
    expect(codes.map(({ format, text }) => ({ format, text }))).toEqual([{ format: 'EAN13', text: '9780441014989' }])
    expect(passes.filter((pass) => pass.found > 0).map((pass) => pass.name)).toEqual(['bars fitted whole'])
  })
})
