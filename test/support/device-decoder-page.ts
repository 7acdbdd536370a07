// The barcode decoder as the browser runs it, outside the app: the decode
// worker (lib/counting/barcode/decode-worker.ts, bundled with esbuild) and
// zxing-wasm's .wasm served under the app's worker policy, in system Chromium
// (Playwright), beside a second worker making one plain zxing-wasm
// readBarcodes call on the same file's pixels. Each photo goes in through a
// file input, as the file picker hands it over. For the device-decode bench
// and the test that the worker reads what the server reads.
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../../e2e/_helpers/chromium.ts'
import { ZXING_WASM_PATH } from '../../lib/counting/barcode/zxing-browser.ts'
import { zxingWasmPath } from '../../lib/counting/barcode/zxing-node.ts'
import { WORKER_CONTENT_SECURITY_POLICY } from '../../lib/http/security-headers.ts'
import type { Detection } from '../../lib/counting/barcode/detections.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

// One plain readBarcodes call with zxing-wasm's defaults on the file's pixels, timed from the file as the decoder is.
const PLAIN_WORKER = `
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
const wasm = new URL(${JSON.stringify(ZXING_WASM_PATH)}, self.location.href).href
const ready = prepareZXingModule({ overrides: { locateFile: (path, prefix) => (path.endsWith('.wasm') ? wasm : prefix + path) }, fireImmediately: true })
self.onmessage = async ({ data: file }) => {
  await ready
  const started = performance.now()
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image', premultiplyAlpha: 'none' })
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const context = canvas.getContext('2d', { willReadFrequently: true })
  context.drawImage(bitmap, 0, 0)
  const image = context.getImageData(0, 0, bitmap.width, bitmap.height)
  bitmap.close()
  const results = await readBarcodes(image)
  self.postMessage({ ms: performance.now() - started, codes: results.filter((r) => r.isValid).map(({ format, text }) => ({ format, text })) })
}
`

// The page: a file input, the two workers, and a long-task observer on the main thread.
const PAGE = `<!doctype html><meta charset="utf-8"><title>decoder</title>
<input type="file" id="photo" accept="image/*">
<script type="module" src="/page.js"></script>`

// The page: a file input, the two workers, a long-task observer on the main thread, and the same
// decoder and plain call on the main thread itself, where DevTools' CPU slowdown applies.
const PAGE_ENTRY = `
import { readBarcodes } from 'zxing-wasm/reader'
import { openPhoto, pixelsOf } from './lib/counting/barcode/browser-photo.ts'
import { decodePhoto } from './lib/counting/barcode/decode-photo.ts'
import { toDetection } from './lib/counting/barcode/detections.ts'
import { loadZXingFrom } from './lib/counting/barcode/zxing-browser.ts'

const decoder = new Worker('/decode-worker.js', { type: 'module' })
const plain = new Worker('/plain-worker.js', { type: 'module' })
const picked = () => document.getElementById('photo').files[0]
window.longTasks = []
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.longTasks.push(entry.duration) }).observe({ type: 'longtask' })
let nextId = 1
window.readWithDecoder = () => new Promise((resolve, reject) => {
  const file = picked()
  const id = nextId++
  const started = performance.now()
  let firstCodesMs = null
  decoder.onmessage = ({ data }) => {
    if (data.id !== id) return
    if (data.type === 'progress') {
      if (firstCodesMs === null && data.codes.length > 0) firstCodesMs = performance.now() - started
      return
    }
    if (data.type === 'error') return reject(new Error(data.message))
    resolve({ ms: performance.now() - started, firstCodesMs, list: data.list })
  }
  decoder.postMessage({ id, file, crops: false })
})
window.readPlain = () => new Promise((resolve) => {
  plain.onmessage = ({ data }) => resolve(data)
  plain.postMessage(picked())
})
window.decodeHere = async () => {
  await loadZXingFrom()
  const started = performance.now()
  const bitmap = await openPhoto(picked())
  const decoded = await decodePhoto(pixelsOf(bitmap))
  bitmap.close()
  return { ms: performance.now() - started, firstCodesMs: null, list: { width: decoded.width, height: decoded.height, codes: decoded.codes.map(toDetection) } }
}
window.plainHere = async () => {
  await loadZXingFrom()
  const started = performance.now()
  const bitmap = await openPhoto(picked())
  const results = await readBarcodes(new ImageData(pixelsOf(bitmap).data, bitmap.width, bitmap.height))
  bitmap.close()
  return { ms: performance.now() - started, codes: results.filter((r) => r.isValid).map(({ format, text }) => ({ format, text })) }
}
`

export interface PhotoFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/** A file as the file picker hands it over, its type from its name. */
export const pickedFile = (name: string, buffer: Buffer): PhotoFile => ({ name, buffer, mimeType: name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : name.endsWith('.txt') ? 'text/plain' : 'image/jpeg' })

/** A real-photo item's image as picked: the original file itself, a made variant (turned, shrunk) as PNG. */
export const itemFile = (item: { file: string; variant: string }, bytes: Buffer): PhotoFile => pickedFile(item.variant === 'orig' ? item.file : `${item.file}.png`, bytes)

export interface DecoderRead {
  /** from posting the file to the worker to its answer on the page */
  ms: number
  /** when the page first had a code (null if none came before the end) */
  firstCodesMs: number | null
  codes: Detection[]
  width: number
  height: number
}

export interface PlainRead {
  ms: number
  codes: { format: string; text: string }[]
}

export interface DecoderPage {
  readonly url: string
  /** the decode worker on the file, as the file picker hands it over */
  decode(file: PhotoFile): Promise<DecoderRead>
  /** one plain readBarcodes call (zxing-wasm defaults) on the same file's pixels, decoding included */
  plain(file: PhotoFile): Promise<PlainRead>
  /** the two on the page's main thread (DevTools' CPU slowdown reaches no worker) */
  decodeHere(file: PhotoFile): Promise<DecoderRead>
  plainHere(file: PhotoFile): Promise<PlainRead>
  /** Chrome DevTools' CPU slowdown (1: none; 4: a mid-range phone), which Chromium applies to the page's main thread only */
  slowDown(rate: number): Promise<void>
  /** the main thread's long tasks (ms each) since the last decode() began, and forgets them */
  takeLongTasks(): Promise<number[]>
  close(): Promise<void>
}

async function bundle(entry: { path: string } | { contents: string }): Promise<string> {
  const result = await build({
    ...('path' in entry ? { entryPoints: [entry.path] } : { stdin: { contents: entry.contents, resolveDir: root, loader: 'ts' } }),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** The page's own policy: its script from here; the workers each get the app's worker policy with their script. */
const PAGE_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"

function serve(files: Map<string, { body: string | Uint8Array; type: string }>, workerPolicy: string): Promise<Server> {
  const server = createServer((request, response) => {
    const file = files.get(new URL(request.url ?? '/', 'http://x').pathname)
    if (!file) {
      response.writeHead(404).end()
      return
    }
    // the scripts carry the app's worker policy, as next.config.ts sends it with /_next/static
    const policy = file.type === 'text/html' ? PAGE_POLICY : workerPolicy
    response.writeHead(200, { 'Content-Type': file.type, 'Content-Security-Policy': policy })
    response.end(file.body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** `workerPolicy`: the policy the workers' scripts are sent with (default: the app's). */
export async function openDecoderPage({ workerPolicy = WORKER_CONTENT_SECURITY_POLICY }: { workerPolicy?: string } = {}): Promise<DecoderPage> {
  const [pageScript, decodeWorker, plainWorker, wasm] = await Promise.all([
    bundle({ contents: PAGE_ENTRY }),
    bundle({ path: `${root}lib/counting/barcode/decode-worker.ts` }),
    bundle({ contents: PLAIN_WORKER }),
    readFile(zxingWasmPath()),
  ])
  const js = 'text/javascript'
  const server = await serve(
    new Map<string, { body: string | Uint8Array; type: string }>([
      ['/', { body: PAGE, type: 'text/html' }],
      ['/page.js', { body: pageScript, type: js }],
      ['/decode-worker.js', { body: decodeWorker, type: js }],
      ['/plain-worker.js', { body: plainWorker, type: js }],
      [ZXING_WASM_PATH, { body: new Uint8Array(wasm), type: 'application/wasm' }],
    ]),
    workerPolicy,
  )
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const browser: Browser = await chromium.launch(chromiumLaunchOptions)
  const page: Page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(url)
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const pick = (file: PhotoFile) => page.locator('#photo').setInputFiles(file)
  const failed = (what: string) => (error: unknown) => {
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}${errors.length ? ` (page: ${errors.join('; ')})` : ''}`)
  }
  return {
    url,
    async decode(file) {
      await pick(file)
      // long tasks from here on are the decoding's (handing the file to the input is the test's own work)
      await page.evaluate(() => void (window as unknown as { longTasks: number[] }).longTasks.splice(0))
      const read = await page
        .evaluate(() => (window as unknown as { readWithDecoder(): Promise<{ ms: number; firstCodesMs: number | null; list: { codes: Detection[]; width: number; height: number } }> }).readWithDecoder())
        .catch(failed(`decoding ${file.name}`))
      return { ms: read.ms, firstCodesMs: read.firstCodesMs, codes: read.list.codes, width: read.list.width, height: read.list.height }
    },
    async plain(file) {
      await pick(file)
      return page.evaluate(() => (window as unknown as { readPlain(): Promise<PlainRead> }).readPlain()).catch(failed(`reading ${file.name}`))
    },
    async decodeHere(file) {
      await pick(file)
      const read = await page
        .evaluate(() => (window as unknown as { decodeHere(): Promise<{ ms: number; list: { codes: Detection[]; width: number; height: number } }> }).decodeHere())
        .catch(failed(`decoding ${file.name} on the main thread`))
      return { ms: read.ms, firstCodesMs: null, codes: read.list.codes, width: read.list.width, height: read.list.height }
    },
    async plainHere(file) {
      await pick(file)
      return page.evaluate(() => (window as unknown as { plainHere(): Promise<PlainRead> }).plainHere()).catch(failed(`reading ${file.name} on the main thread`))
    },
    async slowDown(rate) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    },
    takeLongTasks: () => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0)),
    async close() {
      await browser.close()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
