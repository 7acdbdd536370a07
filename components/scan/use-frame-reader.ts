'use client'

import { useEffect, useRef, type RefObject } from 'react'
import { decodeFrameOnDevice, type FrameRead } from '@/lib/counting/barcode/device-decoder'

/** Frames in a row that fail before the reader gives up (the worker cannot run here). */
const FAILURES = 3

/** A performance mark each time a frame's codes are back: what the live count's speed is measured by. */
export const FRAME_DECODED = 'shelfsnap:frame-decoded'

export interface DecodedFrame {
  read: FrameRead
  /** the frame itself, now the caller's: keep it (close it later) or close it */
  frame: ImageBitmap
  /** when it was taken (performance.now()) */
  at: number
}

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
    void (async () => {
      while (!stopped) {
        await nextVideoFrame(element)
        if (stopped || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || element.videoWidth === 0) continue
        const at = performance.now()
        try {
          const { read, frame } = await decodeFrameOnDevice(await createImageBitmap(element))
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
