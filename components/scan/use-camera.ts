'use client'

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'

/** Why there is no picture, in the words camera-message.tsx gives each. */
export type CameraProblem = 'insecure' | 'unsupported' | 'denied' | 'none' | 'busy' | 'failed'

/**
 * The rear camera, as sharp as it comes: the highest resolution it offers up
 * to 4K (a label further away still has pixels enough a bar).
 */
const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 3840 }, height: { ideal: 2160 } },
}

// Chrome on Android has these; the DOM types do not yet.
type FocusAndTorch = MediaTrackCapabilities & { focusMode?: string[]; torch?: boolean }
type FocusAndTorchSet = MediaTrackConstraintSet & { focusMode?: string; torch?: boolean }

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'none'
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy'
  return 'failed'
}

/** What this page can do before asking: a camera needs a secure page (HTTPS, or this computer itself). */
function support(): CameraProblem | null {
  if (!window.isSecureContext) return 'insecure'
  return typeof navigator.mediaDevices?.getUserMedia === 'function' ? null : 'unsupported'
}
const subscribe = () => () => {}

/**
 * Opens the camera while `active`: the stream, or why there is none; the
 * torch where the camera has one. Continuous focus where the camera offers it.
 * The camera is let go when the page (or `active`) goes.
 */
export function useCamera(active: boolean) {
  const unsupported = useSyncExternalStore(subscribe, support, () => null)
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [problem, setProblem] = useState<CameraProblem | null>(null)
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    // asked here, not from the render: the first render after the server's uses its snapshot
    if (!active || support()) return
    let stopped = false
    let opened: MediaStream | null = null
    navigator.mediaDevices.getUserMedia(CONSTRAINTS).then(
      async (media) => {
        if (stopped) return media.getTracks().forEach((track) => track.stop())
        opened = media
        const track = media.getVideoTracks()[0]
        const capabilities = (track?.getCapabilities?.() ?? {}) as FocusAndTorch
        if (capabilities.focusMode?.includes('continuous')) {
          await track!.applyConstraints({ advanced: [{ focusMode: 'continuous' } as FocusAndTorchSet] }).catch(() => {})
        }
        setTorch({ available: capabilities.torch === true, on: false })
        setProblem(null)
        setStream(media)
      },
      (error: unknown) => {
        if (!stopped) setProblem(problemOf(error))
      },
    )
    return () => {
      stopped = true
      opened?.getTracks().forEach((track) => track.stop())
      setStream(null)
    }
  }, [active, unsupported, attempt])

  const toggleTorch = useCallback(() => {
    const track = stream?.getVideoTracks()[0]
    if (!track) return
    const on = !torch.on
    track.applyConstraints({ advanced: [{ torch: on } as FocusAndTorchSet] }).then(
      () => setTorch({ available: true, on }),
      () => setTorch({ available: false, on: false }),
    )
  }, [stream, torch.on])

  const retry = useCallback(() => {
    setProblem(null)
    setAttempt((n) => n + 1)
  }, [])

  return { stream, problem: unsupported ?? problem, torch, toggleTorch, retry }
}
