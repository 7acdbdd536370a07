'use client'

import { useEffect, useState, type ReactNode, type RefObject } from 'react'
import { Flashlight, FlashlightOff } from 'lucide-react'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { CameraMessage } from './camera-message'
import type { useCamera } from './use-camera'

/** A code marked on the picture: green for a catalogue product, amber for a code the catalogue does not have. */
export interface CodeMark {
  key: string
  x: number
  y: number
  size: number
  angle: number
  known: boolean
  /** the product's name, or what the code is */
  name: string
}

interface CameraViewProps {
  camera: ReturnType<typeof useCamera>
  video: RefObject<HTMLVideoElement | null>
  /** the size of the frames the marks are placed in */
  frame: { width: number; height: number } | null
  marks: readonly CodeMark[]
  label: string
  children?: ReactNode
}

function showStream(element: HTMLVideoElement | null, stream: MediaStream | null) {
  if (element && element.srcObject !== stream) element.srcObject = stream
}

/** The camera's picture with each code read marked on it; tap a mark for the product's name. */
export function CameraView({ camera, video, frame, marks, label, children }: CameraViewProps) {
  const { stream, problem, torch, toggleTorch, retry } = camera
  const [picked, setPicked] = useState<string | null>(null)
  useEffect(() => showStream(video.current, stream), [stream, video])

  if (problem) return <CameraMessage problem={problem} onRetry={retry} />
  const ratio = frame ? frame.width / frame.height : 16 / 9
  const shown = marks.find((mark) => mark.key === picked)
  return (
    <figure aria-label={label} className="relative mx-auto max-w-full overflow-hidden rounded-xl bg-black" style={{ aspectRatio: ratio, width: `min(100%, calc(62vh * ${ratio}))` }}>
      <video ref={video} autoPlay muted playsInline className="absolute inset-0 size-full object-fill" />
      {!stream && (
        <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white">
          <Spinner /> Opening the camera…
        </div>
      )}
      {frame &&
        marks.map((mark) => (
          <button
            key={mark.key}
            type="button"
            aria-label={mark.name}
            aria-pressed={picked === mark.key}
            data-kind={mark.known ? 'product' : 'unknown'}
            onClick={() => setPicked(picked === mark.key ? null : mark.key)}
            className={cn('absolute rounded-sm border-2', mark.known ? 'border-emerald-400 bg-emerald-400/25' : 'border-amber-400 bg-amber-400/30')}
            style={{
              left: `${(mark.x / frame.width) * 100}%`,
              top: `${(mark.y / frame.height) * 100}%`,
              width: `${(mark.size / frame.width) * 100}%`,
              height: `${((mark.size * 0.45) / frame.height) * 100}%`,
              transform: `translate(-50%, -50%) rotate(${mark.angle}deg)`,
            }}
          />
        ))}
      {shown && frame && (
        <p className="pointer-events-none absolute -translate-x-1/2 rounded bg-background px-2 py-1 text-sm font-medium shadow" style={{ left: `${(shown.x / frame.width) * 100}%`, top: `${(shown.y / frame.height) * 100}%` }}>
          {shown.name}
        </p>
      )}
      {torch.available && (
        <Button type="button" size="icon" variant="secondary" className="absolute top-2 right-2" aria-pressed={torch.on} aria-label="Torch" onClick={toggleTorch}>
          {torch.on ? <FlashlightOff aria-hidden="true" /> : <Flashlight aria-hidden="true" />}
        </Button>
      )}
      {children}
    </figure>
  )
}
