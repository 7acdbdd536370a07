import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { STOCK_PHOTO } from '../../lib/images/resize-image.ts'
import { asStored, encodedAs } from './stored-photo.ts'

const photo = (width: number, height: number, options: { orientation?: number; alpha?: boolean } = {}) => {
  const image = sharp({ create: { width, height, channels: options.alpha ? 4 : 3, background: { r: 200, g: 120, b: 40, alpha: options.alpha ? 0 : 1 } } })
  return options.orientation ? image.jpeg().withMetadata({ orientation: options.orientation }).toBuffer() : image.png().toBuffer()
}

describe('asStored', () => {
  it('is a JPEG at most STOCK_PHOTO.maxSide px on its longer side, sized as the browser sizes it, never enlarged', async () => {
    const big = await sharp(await asStored(await photo(4400, 150))).metadata()
    expect(STOCK_PHOTO.maxSide).toBe(4096)
    // fitWithin: 150 × 4096 / 4400 = 139.6
    expect({ format: big.format, width: big.width, height: big.height, chroma: big.chromaSubsampling }).toEqual({ format: 'jpeg', width: 4096, height: 140, chroma: '4:2:0' })
    const small = await sharp(await asStored(await photo(240, 180))).metadata()
    expect([small.format, small.width, small.height]).toEqual(['jpeg', 240, 180])
  })

  it('stands the photo upright as createImageBitmap does, and puts transparent pixels on black as a canvas encodes them in JPEG', async () => {
    const turned = await sharp(await asStored(await photo(300, 200, { orientation: 6 }))).metadata()
    expect([turned.width, turned.height, turned.orientation ?? 1]).toEqual([200, 300, 1])
    const { channels } = await sharp(await asStored(await photo(64, 64, { alpha: true }))).stats()
    expect(channels.map((c) => Math.round(c.mean))).toEqual([0, 0, 0])
  })

  it('is JPEG quality 92, the browser toBlob quality, and the original encoding is the file itself', async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 96 * 96 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 96, height: 96, channels: 3 } }).png().toBuffer()
    const [stored, q92, q80] = await Promise.all([asStored(noisy), sharp(noisy).jpeg({ quality: 92 }).toBuffer(), sharp(noisy).jpeg({ quality: 80 }).toBuffer()])
    expect(stored.equals(q92)).toBe(true)
    expect(stored.equals(q80)).toBe(false)
    expect(await encodedAs('original', noisy)).toBe(noisy)
  })
})
