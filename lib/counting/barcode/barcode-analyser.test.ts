import { describe, expect, it } from 'vitest'
import { shelfPhoto } from '@/test/shelf/generate-shelf-photo'
import type { CatalogueItem } from '../analyser.ts'
import { countCodes, createBarcodeAnalyser } from './barcode-analyser.ts'

const product = (id: string, sku: string | null, barcode: string | null): CatalogueItem => ({ id, name: `Product ${id}`, sku, barcode, imageUrl: null })

const catalogue = [
  product('beans', 'BEAN-1', '5012345678900'),
  product('tins', 'tin-01', null),
  product('cola', 'COLA', '0036000291452'),
  product('gum', null, '01234565'),
  product('absent', 'NOPE', '4006381333931'),
]

describe('countCodes', () => {
  it('matches by barcode or by SKU (trimmed, any case), and lists the rest by text and symbology', () => {
    const result = countCodes(
      [
        { text: '5012345678900', format: 'EAN13' },
        { text: 'BEAN-1', format: 'Code128' },
        { text: ' TIN-01 ', format: 'QRCode' },
        { text: 'TIN-01', format: 'Code128' },
        { text: '036000291452', format: 'UPCA' },
        { text: '01234565', format: 'UPCE' },
        { text: 'MYSTERY', format: 'QRCode' },
        { text: 'MYSTERY', format: 'QRCode' },
        { text: 'MYSTERY', format: 'Code128' },
      ],
      catalogue,
    )
    expect(result.counts).toEqual([
      { productId: 'beans', count: 2, confidence: 1 },
      { productId: 'tins', count: 2, confidence: 1 },
      { productId: 'cola', count: 1, confidence: 1 },
      { productId: 'gum', count: 1, confidence: 1 },
    ])
    expect(result.unmatched).toEqual([
      { label: 'MYSTERY', format: 'QRCode', count: 2 },
      { label: 'MYSTERY', format: 'Code128', count: 1 },
    ])
  })

  it('counts a code that fits two products for neither, and lists it with both: SKUs differing only in capitals, one number in two forms, a barcode that is another SKU', () => {
    const result = countCodes(
      [
        { text: 'EGG-6', format: 'QRCode' },
        { text: 'egg-6', format: 'QRCode' },
        { text: 'EGG-6', format: 'QRCode' },
        { text: '0036000291452', format: 'EAN13' },
        { text: '4006381333931', format: 'EAN13' },
        { text: 'abc-9', format: 'Code128' },
      ],
      [
        product('eggs', 'EGG-6', null),
        product('free-range', 'egg-6', null),
        product('cola', 'COLA', '036000291452'),
        product('cola-13', null, '0036000291452'),
        product('pens', 'PEN', '4006381333931'),
        product('pen-sku', '4006381333931', null),
        product('box', 'BOX', 'ABC-9'),
      ],
    )
    expect(result.counts).toEqual([{ productId: 'box', count: 1, confidence: 1 }])
    expect(result.unmatched).toEqual([
      { label: 'EGG-6', format: 'QRCode', count: 2, matches: ['eggs', 'free-range'] },
      { label: 'egg-6', format: 'QRCode', count: 1, matches: ['eggs', 'free-range'] },
      { label: '0036000291452', format: 'EAN13', count: 1, matches: ['cola', 'cola-13'] },
      { label: '4006381333931', format: 'EAN13', count: 1, matches: ['pens', 'pen-sku'] },
    ])
  })

  it('matches a UPC-E label to its product catalogued by the UPC-A number', () => {
    const result = countCodes([{ text: '01234565', format: 'UPCE' }], [product('gum', null, '012345000065')])
    expect(result.counts).toEqual([{ productId: 'gum', count: 1, confidence: 1 }])
  })
})

describe('createBarcodeAnalyser', () => {
  it('counts a photo of several copies of products, by barcode and by SKU, with unknown labels unmatched', async () => {
    const photo = await shelfPhoto({
      items: [
        { text: '5012345678900', format: 'ean13', count: 4 },
        { text: 'TIN-01', format: 'qrcode', count: 3 },
        { text: 'COLA', format: 'code128', count: 1 },
        { text: 'WHO-99', format: 'datamatrix', count: 2 },
      ],
      width: 1200,
      height: 900,
      seed: 5,
    })
    const analyser = createBarcodeAnalyser()
    expect(analyser.kind).toBe('barcode')
    const result = await analyser.analyse({ bytes: photo.jpeg, mimeType: 'image/jpeg' }, catalogue)
    expect(result).toEqual({
      analyser: 'barcode',
      counts: expect.arrayContaining([
        { productId: 'beans', count: 4, confidence: 1, box: expect.any(Object) },
        { productId: 'tins', count: 3, confidence: 1, box: expect.any(Object) },
        { productId: 'cola', count: 1, confidence: 1, box: expect.any(Object) },
      ]),
      unmatched: [{ label: 'WHO-99', format: 'DataMatrix', count: 2 }],
      usage: null,
    })
    expect(result.counts).toHaveLength(3)
    // Each product is placed on one of its labels, inside the photo.
    for (const { box } of result.counts) {
      expect(box!.width).toBeGreaterThan(40)
      expect(box!.x + box!.width / 2).toBeGreaterThan(0)
      expect(box!.x + box!.width / 2).toBeLessThan(1200)
      expect(box!.y + box!.height / 2).toBeGreaterThan(0)
      expect(box!.y + box!.height / 2).toBeLessThan(900)
    }
  })

  it('gives empty counts for a photo without codes', async () => {
    const photo = await shelfPhoto({ items: [], width: 800, height: 600, seed: 9 })
    const result = await createBarcodeAnalyser().analyse({ bytes: photo.jpeg, mimeType: 'image/jpeg' }, catalogue)
    expect(result).toEqual({ analyser: 'barcode', counts: [], unmatched: [], usage: null })
  })
})
