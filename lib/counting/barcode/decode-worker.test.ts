// The decode worker in system Chromium (test/support/device-decoder-page.ts):
// the module the server runs, on the photo as the file picker hands it over.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemKey, loadManifest, realPhotosPresent, variantImage } from '@/bench/real-photos/manifest'
import { shelfPhoto } from '@/test/shelf/generate-shelf-photo'
import { itemFile, openDecoderPage, pickedFile, type DecoderPage } from '@/test/support/device-decoder-page'
import { sameCodes } from '@/test/support/same-codes'
import { SUBSET } from '@/test/support/real-photos-suite'
import { WORKER_CONTENT_SECURITY_POLICY } from '@/lib/http/security-headers'
import { decodePhotoFile } from './load-photo.ts'

describe('the decode worker, in the browser', () => {
  let page: DecoderPage
  beforeAll(async () => {
    page = await openDecoderPage()
  }, 60_000)
  afterAll(async () => page?.close())

  // The subset the real-photo unit tests read; `npm run bench -- device-decode` compares every item.
  it.skipIf(!realPhotosPresent())('reads the same codes at the same places as the server analyser on the real-photo subset, item by item', { timeout: 300_000 }, async () => {
    const items = new Map((await loadManifest()).map((item) => [`${item.file.replace(/^images\//, '')} ${item.variant}`, item]))
    const differ: string[] = []
    for (const key of SUBSET) {
      const item = items.get(key)
      expect(item, `${key} is not in the manifest`).toBeDefined()
      const bytes = await variantImage(item!)
      const file = itemFile(item!, bytes)
      const [inBrowser, onServer] = [await page.decode(file), await decodePhotoFile(bytes)]
      const difference = sameCodes(inBrowser.codes, onServer.codes)
      if (difference) differ.push(`${itemKey(item!)}: ${difference}`)
      expect([inBrowser.width, inBrowser.height]).toEqual([onServer.width, onServer.height])
    }
    expect(differ).toEqual([])
  })

  it('stands a photo upright per its EXIF orientation, as the server does, and reads it at full size', { timeout: 60_000 }, async () => {
    const { jpeg } = await shelfPhoto({ items: [{ text: 'TIN-01', format: 'code128', count: 2 }, { text: '5000000000012', format: 'ean13', count: 1 }], width: 1200, height: 900, seed: 3, maxAngle: 5 })
    // stored sideways, as a phone held upright writes it: orientation 6 turns it back
    const sideways = await sharp(jpeg).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer()
    const [inBrowser, onServer] = [await page.decode(pickedFile('sideways.jpg', sideways)), await decodePhotoFile(sideways)]
    expect([inBrowser.width, inBrowser.height]).toEqual([1200, 900])
    expect(inBrowser.codes.map((code) => code.text).sort()).toEqual(['5000000000012', 'TIN-01', 'TIN-01'])
    expect(sameCodes(inBrowser.codes, onServer.codes)).toBeNull()
  })

  it('refuses a file that is not a photo with the server’s message', { timeout: 30_000 }, async () => {
    await expect(page.decode(pickedFile('notes.txt', Buffer.from('not a photo')))).rejects.toThrow('This photo could not be read. Take it again as a JPEG or PNG.')
  })
})

describe("the worker's policy", () => {
  it("is what lets it compile zxing: served without 'wasm-unsafe-eval', it cannot read a photo", { timeout: 60_000 }, async () => {
    const strict = await openDecoderPage({ workerPolicy: WORKER_CONTENT_SECURITY_POLICY.replace(" 'wasm-unsafe-eval'", '') })
    try {
      await expect(strict.decode(pickedFile('shelf.jpg', (await shelfPhoto({ items: [{ text: 'TIN-01', format: 'qrcode', count: 1 }], width: 400, height: 300 })).jpeg))).rejects.toThrow(/WebAssembly|Content Security/)
    } finally {
      await strict.close()
    }
  })
})
