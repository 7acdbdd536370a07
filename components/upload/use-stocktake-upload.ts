'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { addStocktakePhoto } from '@/lib/actions/add-stocktake-photo'
import { initialActionState, type ActionState } from '@/lib/actions/action-state'
import { analyseStocktake } from '@/lib/actions/analyse-stocktake'
import { startStocktake } from '@/lib/actions/start-stocktake'
import { stocktakeProgress } from '@/lib/actions/stocktake-progress'
import { resizeImage, STOCK_PHOTO } from '@/lib/images/resize-image'
import { newRequestId } from '@/lib/request-id'
import { STOCK_PHOTOS_BUCKET, stockPhotoPath, type Side } from '@/lib/stocktakes/photo-path'
import { MISSING_IMAGES } from '@/lib/validations/stocktake'
import { createClient } from '@/lib/supabase/client'

export type Phase = 'idle' | 'uploading' | 'analysing' | 'failed'

export interface RunState {
  phase: Phase
  /** e.g. 'Uploading photo 2 of 4' */
  step: string
  done: number
  total: number
  error: string | null
  sessionId: string | null
}

const idle: RunState = { phase: 'idle', step: '', done: 0, total: 0, error: null, sessionId: null }
const POLL_MS = 1000

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

function check(state: ActionState): void {
  if (!state.ok) throw new Error(state.message ?? 'Something went wrong')
}

interface PreparedPhoto {
  side: Side
  name: string
  takenAt: number
  blob: Blob
  extension: 'jpg' | 'webp'
}

/** Upright and at most 4096 px; a file the browser cannot read is refused before anything is uploaded. */
async function preparePhoto(side: Side, file: File): Promise<PreparedPhoto> {
  try {
    const { blob, extension } = await resizeImage(file, STOCK_PHOTO)
    return { side, name: file.name, takenAt: file.lastModified || Date.now(), blob, extension }
  } catch {
    throw new Error(`"${file.name}" is not a photo this browser can read. Choose a JPEG, PNG or WebP image.`)
  }
}

async function uploadPhoto(photo: PreparedPhoto, shopId: string, sessionId: string): Promise<void> {
  const path = stockPhotoPath(shopId, sessionId, photo.side, newRequestId(), photo.extension)
  const { error } = await createClient().storage.from(STOCK_PHOTOS_BUCKET).upload(path, photo.blob, { contentType: photo.blob.type })
  if (error) throw new Error(`"${photo.name}" could not be uploaded: ${error.message}`)
  check(await addStocktakePhoto(initialActionState, form({ session_id: sessionId, side: photo.side, path, taken_at: String(photo.takenAt) })))
}

/** Uploads both sides' photos into a new stocktake, starts the analysis job and follows it to the review. */
export function useStocktakeUpload() {
  const router = useRouter()
  const [state, setState] = useState<RunState>(idle)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  const fail = useCallback((error: unknown, sessionId: string | null) => {
    const message = error instanceof Error ? error.message : String(error)
    setState((current) => ({ ...current, phase: 'failed', error: message, sessionId }))
    // The server's own check that both sides have a photo gets the spec's toast.
    toast.error(message === MISSING_IMAGES.description ? MISSING_IMAGES.title : 'Analysis failed', { description: message })
  }, [])

  const follow = useCallback(
    async (sessionId: string) => {
      for (;;) {
        const progress = await stocktakeProgress(sessionId).catch((error: unknown) => ({ ok: false as const, message: String(error) }))
        if (!progress.ok) return fail(new Error(progress.message), sessionId)
        if (progress.status === 'review' || progress.status === 'confirmed') {
          toast.success('Analysis complete', { description: 'Check the counts, then confirm them.' })
          router.push(`/stocktakes/${sessionId}`)
          return
        }
        if (progress.status === 'failed') return fail(new Error(progress.error ?? 'The analysis failed'), sessionId)
        const step = `Analysing photo ${Math.min(progress.analysed + 1, progress.total)} of ${progress.total}`
        setState((current) => ({ ...current, phase: 'analysing', step, done: progress.analysed, total: progress.total }))
        // An unmounted page clears the timer, and this loop simply never resumes.
        await new Promise((resume) => (timer.current = setTimeout(resume, POLL_MS)))
      }
    },
    [fail, router],
  )

  const analyse = useCallback(
    async (sessionId: string) => {
      check(await analyseStocktake(initialActionState, form({ session_id: sessionId })))
      setState((current) => ({ ...current, phase: 'analysing', step: 'Analysing photos', done: 0 }))
      await follow(sessionId)
    },
    [follow],
  )

  const run = useCallback(
    async (start: File[], end: File[]) => {
      const files = [...start.map((file) => ['start', file] as const), ...end.map((file) => ['end', file] as const)]
      let sessionId: string | null = null
      try {
        toast.success('Analysis started', { description: 'Uploading your photos and counting the stock.' })
        const photos: PreparedPhoto[] = []
        for (const [index, [side, file]] of files.entries()) {
          setState({ ...idle, phase: 'uploading', step: `Preparing photo ${index + 1} of ${files.length}`, total: files.length })
          photos.push(await preparePhoto(side, file))
        }
        const started = await startStocktake(initialActionState, form({}))
        check(started)
        if (!('sessionId' in started) || !started.sessionId || !started.shopId) throw new Error('The stocktake could not be started')
        sessionId = started.sessionId
        for (const [index, photo] of photos.entries()) {
          setState((current) => ({ ...current, step: `Uploading photo ${index + 1} of ${photos.length}`, done: index, sessionId }))
          await uploadPhoto(photo, started.shopId, sessionId)
        }
        await analyse(sessionId)
      } catch (error) {
        fail(error, sessionId)
      }
    },
    [analyse, fail],
  )

  const retry = useCallback(async () => {
    if (!state.sessionId) return
    try {
      await analyse(state.sessionId)
    } catch (error) {
      fail(error, state.sessionId)
    }
  }, [analyse, fail, state.sessionId])

  const reset = useCallback(() => setState(idle), [])
  return { state, run, retry, reset }
}
