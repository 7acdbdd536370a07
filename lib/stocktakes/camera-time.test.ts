import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PHOTO_HEADER_BYTES } from '@/lib/stocktakes/photo-limits'
import { readCameraTime } from './camera-time'

/** A JPEG as a phone writes it, with the EXIF tags given (sharp's IFD2 is the Exif sub-IFD). */
async function photo(exif: Record<string, string> | null, size = 64) {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: '#c0ffee' } }).jpeg()
  return (exif ? image.withExif({ IFD0: { Make: 'ShelfSnap test' }, IFD2: exif }) : image).toBuffer()
}

describe('readCameraTime', () => {
  it('reads DateTimeOriginal with its offset', async () => {
    expect(readCameraTime(await photo({ DateTimeOriginal: '2026:11:23 08:02:11', OffsetTimeOriginal: '+05:30' }))).toEqual({
      local: '2026-11-23T08:02:11',
      offset: '+05:30',
    })
  })

  it('reads DateTimeOriginal without an offset as a wall time', async () => {
    expect(readCameraTime(await photo({ DateTimeOriginal: '2026:11:23 18:45:00' }))).toEqual({ local: '2026-11-23T18:45:00', offset: null })
  })

  it('reads it from the start of a large file only, as the phone sends it', async () => {
    const big = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#123456' }, })
      .composite([{ input: Buffer.from('<svg width="3000" height="3000"><text x="10" y="2000" font-size="900">noise</text></svg>'), top: 0, left: 0 }])
      .jpeg({ quality: 100 })
      .withExif({ IFD2: { DateTimeOriginal: '2026:11:23 07:59:59', OffsetTimeOriginal: '-03:30' } })
      .toBuffer()
    expect(big.length).toBeGreaterThan(PHOTO_HEADER_BYTES)
    expect(readCameraTime(big.subarray(0, PHOTO_HEADER_BYTES))).toEqual({ local: '2026-11-23T07:59:59', offset: '-03:30' })
  })

  it.each([
    ['no EXIF at all', null],
    ['a clock that was never set', { DateTimeOriginal: '0000:00:00 00:00:00' }],
    ['an impossible date', { DateTimeOriginal: '2026:02:30 10:00:00' }],
    ['a date in another format', { DateTimeOriginal: '23/11/2026 10:00' }],
    ['only the file-modified time', { DateTime: '2026:11:23 10:00:00' }],
  ])('gives no time for %s', async (_, exif) => {
    expect(readCameraTime(await photo(exif))).toBeNull()
  })

  it('ignores an offset it cannot read, keeping the wall time', async () => {
    expect(readCameraTime(await photo({ DateTimeOriginal: '2026:11:23 08:00:00', OffsetTimeOriginal: 'GMT+1' }))).toEqual({
      local: '2026-11-23T08:00:00',
      offset: null,
    })
  })

  it('gives no time for bytes that are not a photo', () => {
    expect(readCameraTime(Buffer.from('not a photo at all'))).toBeNull()
    expect(readCameraTime(new ArrayBuffer(0))).toBeNull()
  })
})
