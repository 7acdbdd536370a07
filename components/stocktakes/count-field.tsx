'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { Input } from '@/components/ui/input'

const valid = (text: string) => /^\d{1,7}$/.test(text) && Number(text) <= 1_000_000

interface CountFieldProps {
  label: string
  /** the product's name, for screen readers going from field to field */
  name: string
  value: number
  readOnly: boolean
  onSave: (value: number) => void
  /** true while what is typed differs from the saved number (being saved, or not a number) */
  onDirty: (dirty: boolean) => void
}

/**
 * A whole number the owner can correct: big enough to tap, the phone's number
 * pad, saved a moment after they stop typing (or when they leave the field).
 */
export function CountField({ label, name, value, readOnly, onSave, onDirty }: CountFieldProps) {
  const id = useId()
  const [text, setText] = useState(String(value))
  // A new number from the server (the review worked out again, here or on another device) shows,
  // unless the owner is typing another: theirs stays, and is saved.
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    if (text === String(shown)) setText(String(value))
  }
  // what was last sent, over which saved number: the pause after typing sends each once
  const sent = useRef<{ count: number; over: number } | null>(null)
  const error = valid(text) ? null : 'Enter a whole number, 0 or more'
  const dirty = error !== null || Number(text) !== value
  useEffect(() => onDirty(dirty), [dirty, onDirty])

  const send = (again: boolean) => {
    const count = Number(text)
    if (error || count === value || (!again && sent.current?.count === count && sent.current.over === value)) return
    sent.current = { count, over: value }
    onSave(count)
  }
  useEffect(() => {
    const timer = setTimeout(() => send(false), 600)
    return () => clearTimeout(timer)
  })

  if (readOnly) {
    return (
      <div className="grid min-w-0 gap-1">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="text-lg font-semibold tabular-nums">{value}</span>
      </div>
    )
  }
  return (
    <div className="grid min-w-0 content-end gap-1">
      <label htmlFor={id} className="text-xs leading-tight text-muted-foreground">
        {label}
        <span className="sr-only"> of {name}</span>
      </label>
      <Input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        className="h-11 w-full min-w-0 text-lg tabular-nums"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value.trim())}
        onBlur={() => send(true)}
      />
      {error && (
        <span id={`${id}-error`} aria-live="polite" className="text-xs text-destructive">
          {error}
        </span>
      )}
    </div>
  )
}
