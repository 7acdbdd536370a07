'use client'

import { Camera } from 'lucide-react'

// The photo pickers and real analysis are a later issue; nothing is simulated here.
export function UploadPhotos() {
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Upload Photos</h1>
      <div className="flex items-center gap-3 rounded-xl border border-dashed p-6 text-muted-foreground">
        <Camera aria-hidden="true" className="size-8 shrink-0" />
        <p>Photo stocktakes are coming next.</p>
      </div>
    </main>
  )
}
