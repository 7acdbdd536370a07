'use client'

import { useEffect, useRef, type RefObject } from 'react'
import { decodeFrameOnDevice, type CameraFrame, type FrameRead } from '@/lib/counting/barcode/device-decoder'

/** Frames in a row that fail before the reader gives up (the worker cannot run here). */
const FAILURES = 3

/** A performance mark each time a frame's codes are back: what the live count's speed is measured by. */
export const FRAME_DECODED = 'shelfsnap:frame-decoded'

export interface DecodedFrame {
  read: FrameRead
  /** the frame itself, now the caller's: keep it (close it soon: the camera reuses its buffers) or close it */
  frame: CameraFrame
  /** when it was taken (performance.now()) */
  at: number
}

/** Closer together than this, frames are waited for: the next one is new. */
const FRAME_MS = 40

/** The video's current frame without a copy (a VideoFrame), or a copy where the browser has no VideoFrame. */
const grab = (video: HTMLVideoElement): Promise<CameraFrame> | CameraFrame =>
  typeof VideoFrame === 'function' ? new VideoFrame(video, { timestamp: Math.round(performance.now() * 1000) }) : createImageBitmap(video)

/** The next frame the video shows (or the next animation frame where the browser cannot say). */
function nextVideoFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(() => resolve())
    else requestAnimationFrame(() => resolve())
  })
}

/**
 * Reads the camera's frames in the decode worker as fast as it manages: the
 * next frame is taken only once the last one's codes are back, so frames
 * are dropped, never queued, and the video plays on untouched (the page
 * only copies a frame to hand it over). Gives up (`onFailed`) when frame
 * after frame fails: the worker cannot run in this browser.
 */
export function useFrameReader(video: RefObject<HTMLVideoElement | null>, running: boolean, onFrame: (frame: DecodedFrame) => void, onFailed: (message: string) => void) {
  const handlers = useRef({ onFrame, onFailed })
  useEffect(() => {
    handlers.current = { onFrame, onFailed }
  })

  useEffect(() => {
    const element = video.current
    if (!running || !element) return
    let stopped = false
    let failures = 0
    let last = 0
    void (async () => {
      while (!stopped) {
        // After a decode the video has moved on: the frame now on screen is a new one.
        if (performance.now() - last < FRAME_MS || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) await nextVideoFrame(element)
        if (stopped || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || element.videoWidth === 0) continue
        const at = (last = performance.now())
        try {
          const { read, frame } = await decodeFrameOnDevice(await grab(element))
          failures = 0
          performance.mark(FRAME_DECODED, { detail: { ms: read.ms, codes: read.codes.length } })
          if (stopped) frame.close()
          else handlers.current.onFrame({ read, frame, at })
        } catch (error) {
          if (++failures < FAILURES) continue
          if (!stopped) handlers.current.onFailed(error instanceof Error ? error.message : String(error))
          return
        }
      }
    })()
    return () => {
      stopped = true
    }
  }, [video, running])
}
