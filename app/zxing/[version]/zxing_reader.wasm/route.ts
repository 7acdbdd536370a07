// zxing-wasm's .wasm from the app's own origin, for the decode worker (never a
// CDN). Made at build time from the installed package: a static file.
import { readFile } from 'node:fs/promises'
import { ZXING_WASM_VERSION } from 'zxing-wasm/reader'
import { zxingWasmPath } from '@/lib/counting/barcode/zxing-node'

export const dynamic = 'force-static'
export const dynamicParams = false

export function generateStaticParams() {
  return [{ version: ZXING_WASM_VERSION }]
}

export async function GET() {
  return new Response(new Uint8Array(await readFile(zxingWasmPath())), {
    headers: { 'Content-Type': 'application/wasm', 'Cache-Control': 'public, max-age=31536000, immutable' },
  })
}
