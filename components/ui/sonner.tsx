'use client'

import { Toaster as Sonner, type ToasterProps } from 'sonner'

// Destructive toasts are toast.error(title, { description }); richColors makes them red.
export function Toaster(props: ToasterProps) {
  return <Sonner position="top-center" richColors closeButton className="toaster group" {...props} />
}
