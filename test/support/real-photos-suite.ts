// The real-photo unit tests' body: a fixed subset of the real camera photos in
// ../shared/real-photos (skipped where that folder is absent), every symbology,
// the two pictures with several codes and photos without any, turned, tilted
// and downscaled, with the ones that misread or counted a label twice at some
// point among them, scored as the real-photos bench scores them
// (bench/real-photos/). Each encoding (as the app stores a photo, as the
// original file) is its own test file, so that the two run side by side.
import { beforeAll, describe, expect, it } from 'vitest'
import { loadManifest, realPhotosPresent, variantImage, type ManifestItem } from '@/bench/real-photos/manifest'
import { readPlain, readWithAnalyser } from '@/bench/real-photos/readers'
import { scoreItem, type ItemScore } from '@/bench/real-photos/score'
import { encodedAs, ENCODING_NAMES, type Encoding } from '@/bench/real-photos/stored-photo'

/** A fixed subset of the manifest's items (`file variant`), for the unit tests; the benches read them all. */
export const SUBSET = [
  'zxing/ean13-4/06.webp orig',
  'zxing/ean13-4/06.webp r90',
  'zxing/ean13-2/16.webp orig',
  'zxing/ean13-1/13.webp r+20',
  'zxing/ean13-2/03.webp r90',
  'zxing/upca-3/16.webp orig',
  'zxing/upca-4/13.webp orig',
  'zxing/upca-4/7.webp r+20',
  // as stored, a tilted UPC-A at 2 px a module read as EAN-13 9074932437075 on two rows, twice
  'zxing/upca-4/7.webp r-20',
  // as stored, a blurred UPC-A on a curved pack read as EAN-13 6866344011331 on two rows, twice
  'zxing/upca-2/06.webp orig',
  'zxing/upca-1/10.webp r90',
  'zxing/upca-3/21.webp r-20',
  'zxing/upce-2/12.webp orig',
  'zxing/upce-2/11.webp r90',
  'zxing/upce-2/39.webp orig',
  'zxing/upce-3/10.webp orig',
  'quagga2/upc_e/image-002.jpg r+20',
  'quagga2/ean_8/image-006.jpg orig',
  'quagga2/ean_8/image-006.jpg r180',
  'quagga2/ean_8/image-006.jpg r-20',
  'quagga2/ean_8/image-002.jpg orig',
  'zxing/code128-2/06.webp r90',
  'quagga2/code_128/image-003.jpg orig',
  'zxing/code128-2/01.webp r+20',
  'quagga2/code_128/image-012.jpg d1600',
  'zxing/qrcode-1/19.webp r+20',
  'zxing/qrcode-3/21.webp r90',
  'zxing-cpp/qrcode-2/issue709.webp orig',
  'zxing-cpp/datamatrix-4/dm-e-d-c-edifice.jpg orig',
  'zxing-cpp/datamatrix-5/issue1072-left.webp orig',
  'zxing-cpp/datamatrix-3/dm-0.webp r180',
  'zxing/datamatrix-2/05.webp r+20',
  'zxing/multi-1/1.webp orig',
  'zxing/multi-qrcode-1/1.webp orig',
  'zxing/falsepositives/01.webp orig',
  'zxing/falsepositives-2/02.webp orig',
  'quagga2/no_code/image-001.jpg orig',
]
/** Of the subset's 35 scored codes, how many the analyser must read (it read all 35 in both encodings when the subset was chosen). */
const LEAST_READ = 34

export function describeRealPhotos(encoding: Encoding): void {
  describe.skipIf(!realPhotosPresent())(`decodePhoto on real camera photos ${ENCODING_NAMES[encoding]}`, () => {
    const items = new Map<string, ManifestItem>()
    const scores: { key: string; analyser: ItemScore; plain: ItemScore }[] = []

    beforeAll(async () => {
      for (const item of await loadManifest()) items.set(`${item.file.replace(/^images\//, '')} ${item.variant}`, item)
    })

    it.each(SUBSET)('%s: reports no code that is not in the photo and counts no label twice', { timeout: 30_000 }, async (key) => {
      const item = items.get(key)
      expect(item, `${key} is not in the manifest`).toBeDefined()
      const image = await encodedAs(encoding, await variantImage(item!))
      const [analyser, plain] = [scoreItem(item!, (await readWithAnalyser(image)).codes), scoreItem(item!, (await readPlain(image)).codes)]
      scores.push({ key, analyser, plain })
      expect({ wrong: analyser.wrong, double: analyser.double }).toEqual({ wrong: [], double: 0 })
    })

    it('reads every format, and as many codes as one plain readBarcodes call on each photo', () => {
      expect(scores).toHaveLength(SUBSET.length)
      const formats = new Set(SUBSET.map((key) => items.get(key)!.format))
      expect([...formats].sort()).toEqual(['Code128', 'DataMatrix', 'EAN13', 'EAN8', 'QRCode', 'UPCA', 'UPCE', 'multi', 'none'])
      const scored = scores.reduce((sum, s) => sum + s.analyser.scored, 0)
      const read = scores.reduce((sum, s) => sum + s.analyser.read, 0)
      expect(read, `${read} of ${scored} codes read`).toBeGreaterThanOrEqual(LEAST_READ)
      expect(scores.filter((s) => s.analyser.read < s.plain.read).map((s) => s.key)).toEqual([])
    })
  })
}
