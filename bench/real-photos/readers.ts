// The two readers compared on the real photos: the barcode analyser's
// decoder, and one plain zxing-wasm readBarcodes call with its defaults (all
// formats, tryHarder/tryRotate/tryInvert/tryDownscale on) on the image's RGBA
// pixels, as a browser would hand it an ImageData. Each is timed from the
// encoded image, decoding included.
import { readBarcodes } from 'zxing-wasm/reader'
import { decodePhotoFile } from '../../lib/counting/barcode/load-photo.ts'
import { loadZXing } from '../../lib/counting/barcode/zxing-node.ts'
import { rgbaOf } from './manifest.ts'
import type { ReportedCode } from './score.ts'

export interface TimedRead {
  codes: ReportedCode[]
  ms: number
}

export async function readWithAnalyser(image: Buffer): Promise<TimedRead> {
  const started = performance.now()
  const { codes } = await decodePhotoFile(image)
  return { codes: codes.map(({ format, text }) => ({ format, text })), ms: performance.now() - started }
}

export async function readPlain(image: Buffer): Promise<TimedRead> {
  // the same wasm binary the analyser uses, from the installed package
  await loadZXing()
  const started = performance.now()
  const results = await readBarcodes(await rgbaOf(image))
  return { codes: results.filter((r) => r.isValid).map(({ format, text }) => ({ format, text })), ms: performance.now() - started }
}
