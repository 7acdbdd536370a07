// Real photos: the barcode analyser against one plain zxing-wasm readBarcodes
// call (its defaults) on the real camera photos in ../shared/real-photos,
// each as its manifest item's variant makes it (turned, tilted, downscaled),
// read as the app stores it (re-encoded as the browser does on /upload) and
// as the original file. Per encoding, item kind (a symbology, several codes,
// no code) and variant: the share of the expected codes read, codes reported
// that are not in the photo (wrong), labels counted twice (double) and the p95
// time per photo, from the encoded image, for both readers in the same run.
import { loadavg } from 'node:os'
import { loadZXing } from '../lib/counting/barcode/zxing-node.ts'
import { compareEncodings, loadFigure } from './real-photos/compare.ts'
import { itemKey, loadManifest, REAL_PHOTOS_DIR, realPhotosPresent, variantImage, VARIANTS } from './real-photos/manifest.ts'
import type { Figure } from './stats.ts'

const KINDS = ['EAN13', 'UPCA', 'UPCE', 'EAN8', 'Code128', 'QRCode', 'DataMatrix', 'multi', 'none']

export async function runRealPhotosBench(): Promise<Figure[]> {
  if (!realPhotosPresent()) {
    console.log(`\nReal photos: skipped, ${REAL_PHOTOS_DIR} is absent (its manifest.json lists the photos and the codes they hold).`)
    return []
  }
  const [load1] = loadavg()
  await loadZXing()
  const items = await loadManifest()
  const figures = await compareEncodings(
    items.map((item) => ({ ...item, label: itemKey(item), groups: ['all', `kind ${item.format}`, `variant ${item.variant}`], image: () => variantImage(item) })),
    [...KINDS.map((kind) => `kind ${kind}`), ...VARIANTS.map((variant) => `variant ${variant}`)],
    `all ${items.length} photos`,
    '≥ 92%',
  )
  return [loadFigure(load1!), ...figures]
}
