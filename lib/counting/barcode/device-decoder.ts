// The page's side of the decode worker (decode-worker.ts): one worker for the
// page, photos decoded one after another; each caller gets its photo's codes
// as they come and the whole list at the end. Where the browser has no
// module workers, WebAssembly or OffscreenCanvas, nothing runs here and the
// server counts the photos, as it always did.
import type { DetectionList, Detection } from './detections.ts'
import type { CameraFrame, DecodeReply, DecodeRequest, FrameRead, FrameRequest, WarmRequest } from './decode-worker.ts'

export type { CameraFrame, FrameRead } from './decode-worker.ts'

export interface DeviceCount {
  list: DetectionList
  /** the label crops' sheet, when asked for */
  sheet: Blob | null
  ms: number
}

interface Waiting {
  onProgress: (codes: Detection[]) => void
  resolve: (count: DeviceCount) => void
  reject: (error: Error) => void
}

/** A frame's codes, and the frame handed back (the caller keeps it or closes it). */
export interface FrameCount {
  read: FrameRead
  frame: CameraFrame
}

export class DeviceDecodeError extends Error {
  constructor(
    message: string,
    /** the photo itself could not be read (not a failure of the worker) */
    readonly unreadable: boolean,
  ) {
    super(message)
    this.name = 'DeviceDecodeError'
  }
}

/** Whether this browser can read barcodes itself. */
export function canDecodeOnDevice(): boolean {
  return typeof Worker === 'function' && typeof WebAssembly === 'object' && typeof OffscreenCanvas === 'function' && typeof createImageBitmap === 'function'
}

let worker: Worker | null = null
let nextId = 1
const waiting = new Map<number, Waiting>()
const waitingFrames = new Map<number, { resolve: (count: FrameCount) => void; reject: (error: Error) => void }>()

function failAll(message: string) {
  for (const entries of [waiting, waitingFrames]) {
    for (const [id, entry] of entries) {
      entries.delete(id)
      entry.reject(new DeviceDecodeError(message, false))
    }
  }
  worker?.terminate()
  worker = null
}

function startWorker(): Worker {
  const started = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module', name: 'barcode-decoder' })
  started.onmessage = ({ data }: MessageEvent<DecodeReply>) => {
    const frameEntry = waitingFrames.get(data.id)
    if (frameEntry) {
      waitingFrames.delete(data.id)
      if (data.type === 'frame') frameEntry.resolve({ read: data.read, frame: data.frame })
      else if (data.type === 'error') frameEntry.reject(new DeviceDecodeError(data.message, data.unreadable))
      return
    }
    const entry = waiting.get(data.id)
    if (!entry) return
    if (data.type === 'progress') return entry.onProgress(data.codes)
    waiting.delete(data.id)
    if (data.type === 'done') entry.resolve({ list: data.list, sheet: data.sheet, ms: data.ms })
    else if (data.type === 'error') entry.reject(new DeviceDecodeError(data.message, data.unreadable))
  }
  // A worker that cannot start (a blocked script, no wasm) fails every photo it holds: the server counts them.
  started.onerror = (event) => failAll(event.message || 'The barcode reader could not start in this browser')
  return started
}

/**
 * Starts the worker and loads its decoder now, while there is a network: a
 * photo picked offline is then counted on the phone all the same.
 */
export function warmDeviceDecoder(): void {
  if (!canDecodeOnDevice()) return
  worker ??= startWorker()
  const request: WarmRequest = { warm: true }
  worker.postMessage(request)
}

/** Reads every code in the photo in the worker; `onProgress` gets the codes counted so far after each pass. */
export function decodeOnDevice(file: Blob, { crops = false, onProgress = () => {} }: { crops?: boolean; onProgress?: (codes: Detection[]) => void } = {}): Promise<DeviceCount> {
  worker ??= startWorker()
  const id = nextId++
  const request: DecodeRequest = { id, file, crops }
  return new Promise((resolve, reject) => {
    waiting.set(id, { onProgress, resolve, reject })
    worker!.postMessage(request)
  })
}

/**
 * Reads the codes in one frame of the camera's video in the worker; the frame
 * is handed over and comes back with its codes. Send the next frame once this
 * one is back: frames are dropped, never queued.
 */
export function decodeFrameOnDevice(frame: CameraFrame): Promise<FrameCount> {
  worker ??= startWorker()
  const id = nextId++
  const request: FrameRequest = { id, frame }
  return new Promise((resolve, reject) => {
    waitingFrames.set(id, { resolve, reject })
    worker!.postMessage(request, [frame])
  })
}
