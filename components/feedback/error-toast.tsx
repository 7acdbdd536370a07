'use client'

import { useEffect } from 'react'
import { toast } from 'sonner'

/** Lets a server component raise a destructive toast (e.g. a failed read). */
export function ErrorToast({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    toast.error(title, { description })
  }, [title, description])
  return null
}
