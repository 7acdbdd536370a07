// The browser's zxing (in the decode worker): the .wasm fetched from the app's
// own origin (app/zxing/[version]/zxing_reader.wasm), compiled as it streams in.
// The CSP allows that with 'wasm-unsafe-eval' (lib/http/security-headers.ts).
import { prepareZXingModule, ZXING_WASM_VERSION } from 'zxing-wasm/reader'
import { prepareZXing } from './zxing-reader.ts'

/** Where the app serves zxing-wasm's .wasm: the package's version in the path, so a new one is never read from a cache. */
export const ZXING_WASM_PATH = `/zxing/${ZXING_WASM_VERSION}/zxing_reader.wasm`

/** Compiles the wasm served at `url` (default: the app's own) on first use. */
export function loadZXingFrom(url: string | URL = ZXING_WASM_PATH): Promise<unknown> {
  const wasm = new URL(url, self.location.href).href
  return prepareZXing(() => prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path) }, fireImmediately: true }))
}
