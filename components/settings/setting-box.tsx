'use client'

import { useState } from 'react'

interface SettingBoxProps {
  /** the form field's name, and the box's id after `setting-` */
  name: string
  label: string
  /** the hint, or one for each state of the box: it follows the box as it is ticked */
  hint: string | ((on: boolean) => string)
  defaultChecked: boolean
  disabled?: boolean
  error?: string
}

/** A setting that is on or off: a box, its label, a hint that follows it, and its error. */
export function SettingBox({ name, label, hint, defaultChecked, disabled = false, error }: SettingBoxProps) {
  const [on, setOn] = useState(defaultChecked)
  return (
    <div className="flex items-start gap-3">
      <input
        id={`setting-${name}`}
        name={name}
        type="checkbox"
        checked={on}
        onChange={(event) => setOn(event.currentTarget.checked)}
        disabled={disabled}
        className="mt-1 size-5 shrink-0 accent-primary"
        aria-describedby={`setting-${name}-hint${error ? ` setting-${name}-error` : ''}`}
      />
      <div className="grid gap-0.5">
        <label htmlFor={`setting-${name}`} className="font-medium">
          {label}
        </label>
        <p id={`setting-${name}-hint`} className="text-sm text-muted-foreground" aria-live="polite">
          {typeof hint === 'function' ? hint(on) : hint}
        </p>
        {error && (
          <p id={`setting-${name}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}
