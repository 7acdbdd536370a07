// The decode worker in system Chromium (test/support/device-decoder-page.ts):
// the module the server runs, on the photo as the file picker hands it over.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemKey, loadManifest, realPhotosPresent, variantImage } from '@/bench/real-photos/manifest'
import { shelfPhoto } from '@/test/shelf/generate-shelf-photo'
import { openDecoderPage, type DecoderPage } from '@/test/support/device-decoder-page'
import { sameCodes } from '@/test/support/same-codes'
import { WORKER_CONTENT_SECURITY_POLICY } from '@/lib/http/security-headers'
import { decodePhotoFile } from './load-photo.ts'

const asFile = (name: string, buffer: Buffer, mimeType = 'image/jpeg') => ({ name, buffer, mimeType })

describe('the decode worker, in the browser', () => {
  let page: DecoderPage
  beforeAll(async () => {
    page = await openDecoderPage()
  }, 60_000)
  afterAll(async () => page?.close())

  it.skipIf(!realPhotosPresent())('reads the same codes at the same places as the server analyser on every real photo, item by item', { timeout: 900_000 }, async () => {
    const differ: string[] = []
    const items = await loadManifest()
    for (const item of items) {
      const bytes = await variantImage(item)
      const file = asFile(item.variant === 'orig' ? item.file : `${item.file}.png`, bytes, item.variant === 'orig' && item.file.endsWith('.webp') ? 'image/webp' : item.variant === 'orig' ? 'image/jpeg' : 'image/png')
      const [inBrowser, onServer] = [await page.decode(file), await decodePhotoFile(bytes)]
      const difference = sameCodes(inBrowser.codes, onServer.codes)
      if (difference) differ.push(`${itemKey(item)}: ${difference}`)
      expect([inBrowser.width, inBrowser.height]).toEqual([onServer.width, onServer.height])
    }
    expect(items.length).toBeGreaterThan(150)
    expect(differ).toEqual([])
  })

  it('stands a photo upright per its EXIF orientation, as the server does, and reads it at full size', { timeout: 60_000 }, async () => {
    const { jpeg } = await shelfPhoto({ items: [{ text: 'TIN-01', format: 'code128', count: 2 }, { text: '5000000000012', format: 'ean13', count: 1 }], width: 1200, height: 900, seed: 3, maxAngle: 5 })
    // stored sideways, as a phone held upright writes it: orientation 6 turns it back
    const sideways = await sharp(jpeg).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer()
    const [inBrowser, onServer] = [await page.decode(asFile('sideways.jpg', sideways)), await decodePhotoFile(sideways)]
    expect([inBrowser.width, inBrowser.height]).toEqual([1200, 900])
    expect(inBrowser.codes.map((code) => code.text).sort()).toEqual(['5000000000012', 'TIN-01', 'TIN-01'])
    expect(sameCodes(inBrowser.codes, onServer.codes)).toBeNull()
  })

  it('refuses a file that is not a photo with the server’s message', { timeout: 30_000 }, async () => {
    await expect(page.decode(asFile('notes.txt', Buffer.from('not a photo'), 'text/plain'))).rejects.toThrow('This photo could not be read. Take it again as a JPEG or PNG.')
  })
})

describe("the worker's policy", () => {
  it("is what lets it compile zxing: served without 'wasm-unsafe-eval', it cannot read a photo", { timeout: 60_000 }, async () => {
    const strict = await openDecoderPage({ workerPolicy: WORKER_CONTENT_SECURITY_POLICY.replace(" 'wasm-unsafe-eval'", '') })
    try {
      await expect(strict.decode(asFile('shelf.jpg', (await shelfPhoto({ items: [{ text: 'TIN-01', format: 'qrcode', count: 1 }], width: 400, height: 300 })).jpeg))).rejects.toThrow(/WebAssembly|Content Security/)
    } finally {
      await strict.close()
    }
  })
})
