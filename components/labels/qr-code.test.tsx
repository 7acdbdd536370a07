import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { qrCode } from '@/lib/labels/qr-code'
import { QrCode } from './qr-code'

beforeAll(async () => {
  // The wasm from the package itself: the default would fetch it from a CDN.
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
  // a copy: a Buffer's ArrayBuffer may be a shared pool larger than the file
  await prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true })
})

/** What the labels page renders for `sku`, as a PNG, turned by `angle` degrees. */
async function labelPng(sku: string, angle = 0): Promise<Buffer> {
  const svg = renderToStaticMarkup(<QrCode shape={qrCode(sku)} label={`QR code for ${sku}`} />)
  return sharp(Buffer.from(svg), { density: 288 }).rotate(angle, { background: '#fff' }).flatten({ background: '#fff' }).png().toBuffer()
}

async function decode(png: Buffer) {
  return (await readBarcodes(png, { formats: ['QRCode'], tryHarder: true })).map(({ text, format }) => ({ text, format }))
}

describe('the label QR code', () => {
  it('is an image named after its SKU', () => {
    const svg = renderToStaticMarkup(<QrCode shape={qrCode('TIN-01')} label="QR code for TIN-01" />)
    expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-label="QR code for TIN-01"/)
  })

  it.each(['TIN-01', 'MILK-1L', 'a b,c"d<e>&f', 'Café Ü 5€ 日本', '^FNC1(01)\\x1d', 'X'.repeat(64)])(
    'decodes to exactly %j',
    async (sku) => {
      expect(await decode(await labelPng(sku))).toEqual([{ text: sku, format: 'QRCode' }])
    },
  )

  it.each([90, 180, 270, 33])('still decodes turned %i°', async (angle) => {
    expect(await decode(await labelPng('BREAD-SD', angle))).toEqual([{ text: 'BREAD-SD', format: 'QRCode' }])
  })
})
