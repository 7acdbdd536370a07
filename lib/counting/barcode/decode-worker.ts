// The barcode analyser in the browser: a module Web Worker running the same
// decoder the server runs (decode-photo.ts) on the picked photo's own pixels,
// so the main thread never waits on it. One photo at a time, in the order asked.
// The live count sends it the camera's frames, one at a time (decodeFrame).
import { AnalysisError } from '../analyser.ts'
import { imageSize, openPhoto, pixelsOf } from './browser-photo.ts'
import { decodePhoto } from './decode-photo.ts'
import { cropAround, LABEL_SHEET, sheetSize, tileOf, toDetection, type Detection, type DetectionList } from './detections.ts'
import { loadZXingFrom } from './zxing-browser.ts'

export interface DecodeRequest {
  id: number
  file: Blob
  /** also make the sheet of label crops (the photo stays on the phone) */
  crops: boolean
}

/** A frame of the camera's video (a VideoFrame where the browser has them: no copy), handed over and back with its codes. */
export type CameraFrame = ImageBitmap | VideoFrame

export interface FrameRequest {
  id: number
  frame: CameraFrame
}

export interface FrameRead {
  /** the frame's size; the codes' places are in its pixels */
  width: number
  height: number
  codes: Detection[]
  ms: number
}

export type DecodeReply =
  | { id: number; type: 'progress'; codes: Detection[] }
  | { id: number; type: 'done'; list: DetectionList; sheet: Blob | null; ms: number }
  | { id: number; type: 'frame'; read: FrameRead; frame: CameraFrame }
  | { id: number; type: 'error'; message: string; unreadable: boolean }

const scope = self as unknown as {
  postMessage(reply: DecodeReply, transfer?: Transferable[]): void
  onmessage: ((event: MessageEvent<DecodeRequest | FrameRequest | WarmRequest>) => void) | null
}

/**
 * Frames are read at up to 1080p: a 4K camera's frame is drawn at half its
 * size first. A frame then takes about what a photo's first passes take, so
 * the count follows the camera several times a second.
 */
const FRAME_PIXELS = 1920 * 1080

async function decodeFrame({ id, frame }: FrameRequest): Promise<DecodeReply> {
  const started = performance.now()
  await loadZXingFrom()
  const { width, height } = imageSize(frame)
  const scale = Math.min(1, Math.sqrt(FRAME_PIXELS / (width * height)))
  const decoded = await decodePhoto(pixelsOf(frame, scale), { videoFrame: true })
  const codes = decoded.codes.map((code) => toDetection({ ...code, center: { x: code.center.x / scale, y: code.center.y / scale }, size: code.size / scale }))
  return { id, type: 'frame', read: { width, height, codes, ms: performance.now() - started }, frame }
}

async function labelSheet(bitmap: ImageBitmap, codes: readonly Detection[]): Promise<Blob> {
  const { width, height } = sheetSize(LABEL_SHEET, codes.length)
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')!
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, width, height)
  codes.forEach((code, index) => {
    const crop = cropAround(code)
    const tile = tileOf(LABEL_SHEET, index)
    context.drawImage(bitmap, crop.x, crop.y, crop.size, crop.size, tile.x, tile.y, tile.size, tile.size)
  })
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })
}

async function decode({ id, file, crops }: DecodeRequest): Promise<DecodeReply> {
  const started = performance.now()
  await loadZXingFrom()
  const bitmap = await openPhoto(file)
  try {
    const decoded = await decodePhoto(pixelsOf(bitmap), { onProgress: (codes) => scope.postMessage({ id, type: 'progress', codes: codes.map(toDetection) }) })
    const codes = decoded.codes.map(toDetection)
    const sheet = crops ? await labelSheet(bitmap, codes) : null
    const list: DetectionList = { width: decoded.width, height: decoded.height, codes, ...(crops ? { sheet: LABEL_SHEET } : {}) }
    return { id, type: 'done', list, sheet, ms: performance.now() - started }
  } finally {
    bitmap.close()
  }
}

let queue: Promise<unknown> = Promise.resolve()

/** Loads the decoder before any photo comes: what the page asks while it has a network, for photos picked offline. */
export interface WarmRequest {
  warm: true
}

scope.onmessage = ({ data }: MessageEvent<DecodeRequest | FrameRequest | WarmRequest>) => {
  if ('warm' in data) {
    queue = queue.then(() => loadZXingFrom()).catch(() => {})
    return
  }
  queue = queue.then(async () => {
    const reply = await ('frame' in data ? decodeFrame(data) : decode(data)).catch(
      (error: unknown): DecodeReply => ({
        id: data.id,
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
        unreadable: error instanceof AnalysisError && error.code === 'unreadable_image',
      }),
    )
    scope.postMessage(reply, reply.type === 'frame' ? [reply.frame] : [])
  })
}
