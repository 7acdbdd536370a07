'use client'

import type { CSSProperties } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

// Sonner's rich success text (hsl 140 100% 27% on its pale green) is 4.3:1, under WCAG AA.
const contrastFix = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as CSSProperties

// Below the 56 px header, so a toast never covers Sign Out (a hovered toast stays put).
const belowHeader = { top: 64 }

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
