// The server's zxing: the .wasm read from the installed package.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { prepareZXingModule } from 'zxing-wasm/reader'
import { prepareZXing } from './zxing-reader.ts'

// The lookup is left to Node at run time: Turbopack rewrites require.resolve
// calls it can see (a literal becomes a wasm module it cannot build, anything
// else a stub that throws), so Node's own createRequire is fetched at run time,
// resolving from the app's root. next.config.ts traces the file into
// serverless deployments.
export function zxingWasmPath(): string {
  const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module')
  return createRequire(join(process.cwd(), 'package.json')).resolve('zxing-wasm/reader/zxing_reader.wasm')
}

/** Compiles the wasm on first use; later calls share the same promise. */
export function loadZXing(): Promise<unknown> {
  return prepareZXing(async () => {
    const file = readFileSync(zxingWasmPath())
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true })
  })
}
