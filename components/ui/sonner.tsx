'use client'

import type { CSSProperties } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

// Sonner's rich success text (hsl 140 100% 27% on its pale green) is 4.3:1, under WCAG AA.
const contrastFix = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as CSSProperties

// Below the header (56 px; on a phone with the shop switcher's row, more: --toast-top in
// globals.css), so a toast never covers Sign Out or the switcher (a hovered toast stays put).
const belowHeader = { top: 'var(--toast-top, 64px)' }

// Destructive toasts are toast.error(title, { description }); richColors makes them red.
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      offset={belowHeader}
      mobileOffset={belowHeader}
      richColors
      closeButton
      className="toaster group"
      style={contrastFix}
      {...props}
    />
  )
}
