// zxing-wasm's reader, the same in the server and in the browser's worker;
// each readies the wasm its own way (prepareZXing), never from a CDN.
import { asPgm, type GreyImage } from './grey-image.ts'
import { readBarcodes, type ReaderOptions, type ReadResult } from 'zxing-wasm/reader'

/** The 1D symbologies counted: retail codes and Code 128 SKU labels. */
export const LINEAR_FORMATS = ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128'] as const satisfies ReaderOptions['formats']
/** The 2D symbologies counted. */
export const MATRIX_FORMATS = ['QRCode', 'DataMatrix'] as const satisfies ReaderOptions['formats']

/**
 * The fewest modules a 1D symbol of this text can be wide, quiet zones left
 * out: EAN/UPC have fixed widths; Code 128 spends 11 modules on each symbol
 * (two digits in one in code set C) plus start, check and a 13-module stop.
 */
export function leastModules(format: string, text: string): number {
  if (format === 'EAN13' || format === 'UPCA') return 95
  if (format === 'EAN8') return 67
  if (format === 'UPCE') return 51
  return 11 * (Math.ceil(text.length / 2) + 2) + 13
}

let preparing: Promise<unknown> | null = null

/**
 * How this environment readies zxing's wasm, once: the server reads the file
 * from node_modules (zxing-node.ts), the browser fetches it from the app's
 * own origin (zxing-browser.ts). Nothing is read before one of them is set:
 * zxing-wasm's own default would fetch the file from a CDN.
 */
export function prepareZXing(prepare: () => Promise<unknown>): Promise<unknown> {
  preparing ??= prepare().catch((error: unknown) => {
    preparing = null
    throw error
  })
  return preparing
}

/**
 * Every code zxing finds in `image`, positions in the image's own pixels.
 * The image goes in as a binary PGM: zxing takes its luminance as it is,
 * where an RGBA ImageData costs 4 bytes a pixel and a conversion in JS.
 */
export async function readCodes(image: GreyImage, options: ReaderOptions): Promise<ReadResult[]> {
  if (!preparing) throw new Error('zxing-wasm is not ready: call loadZXing() (server) or loadZXingFrom() (browser) first')
  await preparing
  return readBarcodes(asPgm(image), { maxNumberOfSymbols: 255, ...options })
}
