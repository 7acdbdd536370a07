// Stocktake photos waiting on the phone to go up: picked offline, or whose
// upload was cut. They live in their own IndexedDB database (not the
// counter's), one record a photo, kept until the server has recorded it (or
// refused it and the owner has seen why). Each photo's key names its file in
// storage, so sending it again after a cut stores it once.
import { wrap, type DBSchema, type IDBPDatabase } from 'idb'
import type { DetectionList } from '@/lib/counting/barcode/detections'
import type { Side } from '@/lib/stocktakes/photo-path'

export const PHOTO_QUEUE_DB = 'shelfsnap-photos'
const STORE = 'photos'

/** The request got no answer (offline, cut mid-way, the server down): the photo waits and goes again with the same key. */
export class UploadInterrupted extends Error {
  constructor(cause?: unknown) {
    super("No connection: nothing was saved yet. Try again once you're back online.", { cause })
    this.name = 'UploadInterrupted'
  }
}

export interface QueuedPhoto {
  /** the phone's key for the photo: its file's name in storage */
  key: string
  /** who picked it: another owner signing in on this phone never sends it */
  userId: string
  side: Side
  name: string
  /** when the phone picked it (ISO): the order they go up in, and its time when the camera wrote none */
  pickedAt: string
  /** its place among the photos picked at the same moment */
  order: number
  /** the stored photo it changes, if it does */
  replaces: string | null
  photo: { blob: Blob; extension: 'jpg' | 'webp'; preview: Blob | null; header: Blob | null; cameraTime: string | null }
  /** the codes this phone read in it; null until read (or when it cannot) */
  detections: DetectionList | null
  /** the stocktake it goes into, fixed on its first try so a retry sends the same file name */
  stocktake: { id: string; shopId: string } | null
  attempts: number
  /** why the server refused it: it waits for the owner, and is not sent again */
  error: string | null
}

/** The order photos go up in: the order they were taken. */
export function byTaken(a: QueuedPhoto, b: QueuedPhoto): number {
  return a.pickedAt < b.pickedAt ? -1 : a.pickedAt > b.pickedAt ? 1 : a.order - b.order
}

/** How long to wait before trying again after `attempts` interrupted tries: 2 s, doubling, at most a minute. */
export function retryDelay(attempts: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1))
}

interface PhotoDb extends DBSchema {
  photos: { key: string; value: QueuedPhoto; indexes: { userId: string } }
}

export interface PhotoQueue {
  put(photo: QueuedPhoto): Promise<void>
  /** the user's photos, in the order taken */
  list(userId: string): Promise<QueuedPhoto[]>
  /** changes a photo still in the queue; false when it is gone */
  patch(key: string, change: Partial<Omit<QueuedPhoto, 'key' | 'userId'>>): Promise<boolean>
  remove(key: string): Promise<void>
  close(): void
}

export async function openPhotoQueue(factory: IDBFactory = indexedDB): Promise<PhotoQueue> {
  const opening = factory.open(PHOTO_QUEUE_DB, 1)
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'key' }).createIndex('userId', 'userId')
  // idb's promises over the request (it needs the IndexedDB globals; the factory may be a test's own)
  const db = (await wrap(opening)) as unknown as IDBPDatabase<PhotoDb>
  return {
    put: async (photo) => void (await db.put(STORE, photo)),
    list: async (userId) => (await db.getAllFromIndex(STORE, 'userId', userId)).sort(byTaken),
    patch: async (key, change) => {
      // One transaction: a patch never brings back a photo removed meanwhile.
      const tx = db.transaction(STORE, 'readwrite')
      const photo = await tx.store.get(key)
      if (photo) await tx.store.put({ ...photo, ...change })
      await tx.done
      return photo !== undefined
    },
    remove: (key) => db.delete(STORE, key),
    close: () => db.close(),
  }
}

export interface SendRun {
  sent: string[]
  refused: { key: string; replaces: string | null; message: string }[]
  /** the photo whose upload got no answer: it and those after it wait */
  interrupted: QueuedPhoto | null
}

/**
 * Sends the user's waiting photos one by one, in the order taken. A photo
 * sent is removed; one the server refuses keeps its reason and the next goes;
 * an interruption stops the run (the photos after it keep their place) and
 * counts a try.
 */
export async function sendWaiting(queue: PhotoQueue, userId: string, send: (photo: QueuedPhoto) => Promise<void>): Promise<SendRun> {
  const run: SendRun = { sent: [], refused: [], interrupted: null }
  for (const photo of await queue.list(userId)) {
    if (photo.error !== null) continue
    try {
      await send(photo)
    } catch (error) {
      if (error instanceof UploadInterrupted) {
        const attempts = photo.attempts + 1
        await queue.patch(photo.key, { attempts })
        run.interrupted = { ...photo, attempts }
        return run
      }
      const message = error instanceof Error ? error.message : String(error)
      await queue.patch(photo.key, { error: message })
      run.refused.push({ key: photo.key, replaces: photo.replaces, message })
      continue
    }
    await queue.remove(photo.key)
    run.sent.push(photo.key)
  }
  return run
}
