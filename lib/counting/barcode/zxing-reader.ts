// zxing-wasm's reader, loaded once from the installed package (never a CDN).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { asPgm, type GreyImage } from './grey-image.ts'
import { prepareZXingModule, readBarcodes, type ReaderOptions, type ReadResult } from 'zxing-wasm/reader'

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

let loading: Promise<unknown> | null = null

// The lookup is left to Node at run time: Turbopack rewrites require.resolve
// calls it can see (a literal becomes a wasm module it cannot build, anything
// else a stub that throws), so Node's own createRequire is fetched at run time,
// resolving from the app's root. next.config.mjs traces the file into
// serverless deployments.
function resolveWasm(): string {
  const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module')
  return createRequire(join(process.cwd(), 'package.json')).resolve('zxing-wasm/reader/zxing_reader.wasm')
}

/** Compiles the wasm on first use; later calls share the same promise. */
export function loadZXing(): Promise<unknown> {
  loading ??= Promise.resolve()
    .then(() => {
      const wasmPath = resolveWasm()
      const file = readFileSync(wasmPath)
      const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer
      return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true })
    })
    .catch((error: unknown) => {
      loading = null
      throw error
    })
  return loading
}

/**
 * Every code zxing finds in `image`, positions in the image's own pixels.
 * The image goes in as a binary PGM: zxing takes its luminance as it is,
 * where an RGBA ImageData costs 4 bytes a pixel and a conversion in JS.
 */
export async function readCodes(image: GreyImage, options: ReaderOptions): Promise<ReadResult[]> {
  await loadZXing()
  return readBarcodes(asPgm(image), { maxNumberOfSymbols: 255, ...options })
}
