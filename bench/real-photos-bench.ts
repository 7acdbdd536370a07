// Real photos: the barcode analyser against one plain zxing-wasm readBarcodes
// call (its defaults) on the real camera photos in ../shared/real-photos,
// each as its manifest item's variant makes it (turned, tilted, downscaled).
// Per item kind (a symbology, several codes, no code) and per variant: the
// share of the expected codes read, codes reported that are not in the photo
// (wrong), labels counted twice (double) and the p95 time per photo, from
// the encoded image, for both readers in the same run.
import { loadavg } from 'node:os'
import { loadZXing } from '../lib/counting/barcode/zxing-reader.ts'
import { compareReaders, groupFigures, loadFigure } from './real-photos/compare.ts'
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
  const { groups, behind } = await compareReaders(
    items.map((item) => ({ ...item, label: itemKey(item), groups: ['all', `kind ${item.format}`, `variant ${item.variant}`], image: () => variantImage(item) })),
  )
  const keys = [...KINDS.map((kind) => `kind ${kind}`), ...VARIANTS.map((variant) => `variant ${variant}`)].filter((key) => groups.has(key))
  const fewer = keys.filter((key) => groups.get(key)!.analyser.read < groups.get(key)!.plain.read)
  return [
    loadFigure(load1!),
    ...groupFigures(`all ${items.length} photos`, groups.get('all')!, '≥ 92%'),
    {
      name: 'kinds and variants where the analyser reads fewer codes than the plain call',
      value: fewer.length,
      unit: fewer.length ? `(${fewer.join(', ')})` : `of ${keys.length}`,
      target: '0',
    },
    ...keys.flatMap((key) => groupFigures(key, groups.get(key)!, '≥ plain call')),
    { name: 'photos where the analyser reads less than the plain call, or reports a wrong or double code', value: behind.length, unit: behind.length ? `: ${behind.join('; ')}` : '', target: '0' },
  ]
}
