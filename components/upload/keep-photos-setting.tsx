'use client'

import { useId, useSyncExternalStore } from 'react'
import { canDecodeOnDevice } from '@/lib/counting/barcode/device-decoder'

// "Keep photos on this phone" is about this phone (its owner's wish for what
// leaves it, its data plan), not the shop: it is remembered in this browser
// only, where another phone signed in to the same shop keeps its own choice.
const KEY = 'shelfsnap:keep-photos-on-device'
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

const noSubscribe = () => () => {}

/** Off by default (the review shows the photo). */
export function useKeepPhotosOnDevice(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, stored, () => false)
  const set = (value: boolean) => {
    try {
      localStorage.setItem(KEY, value ? '1' : '0')
    } catch {
      // storage blocked (a private window): the choice lasts until the page goes
    }
    listeners.forEach((listener) => listener())
  }
  return [on && canDecodeOnDevice(), set]
}

/** Whether this browser reads barcodes itself (true on the server's render: nearly every phone does). */
export const useDecodesOnDevice = () => useSyncExternalStore(noSubscribe, canDecodeOnDevice, () => true)

/** The switch, on the upload page where the photos are taken. */
export function KeepPhotosSetting({ on, onChange, disabled }: { on: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  const id = useId()
  const supported = useDecodesOnDevice()
  return (
    <div className="flex items-start gap-3 rounded-xl border bg-card px-4 py-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mt-1 size-5 shrink-0 accent-primary"
        checked={on && supported}
        disabled={disabled || !supported}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          Keep photos on this phone
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {supported
            ? 'Only the codes and a small picture of each label are uploaded, never the whole photo; the review shows the labels. This phone remembers the choice.'
            : 'This browser cannot read barcodes itself, so photos are uploaded and counted on the server.'}
        </p>
      </div>
    </div>
  )
}
