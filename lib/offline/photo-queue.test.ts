// The phone's queue of stocktake photos, on an IndexedDB (fake-indexeddb: the
// browser's API in Node): the order they go up in, what an interruption and a
// refusal do, and that another owner's photos stay put.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { openPhotoQueue, retryDelay, sendWaiting, UploadInterrupted, type PhotoQueue, type QueuedPhoto } from './photo-queue'

let factory: IDBFactory
let queue: PhotoQueue

beforeEach(async () => {
  factory = new IDBFactory()
  queue = await openPhotoQueue(factory)
})

function photo(key: string, pickedAt: string, change: Partial<QueuedPhoto> = {}): QueuedPhoto {
  return {
    key,
    userId: 'owner',
    side: 'start',
    name: `${key}.jpg`,
    pickedAt,
    order: 0,
    replaces: null,
    photo: { blob: new Blob([key], { type: 'image/jpeg' }), extension: 'jpg', preview: null, header: null, cameraTime: null },
    detections: null,
    stocktake: null,
    attempts: 0,
    error: null,
    ...change,
  }
}

/** A server that answers the keys in `answers` with an interruption or a refusal, and takes the others. */
function server(answers: Record<string, 'cut' | string> = {}) {
  const calls: string[] = []
  const send = async (item: QueuedPhoto) => {
    calls.push(item.key)
    const answer = answers[item.key]
    if (answer === 'cut') throw new UploadInterrupted(new TypeError('Failed to fetch'))
    if (answer) throw new Error(answer)
  }
  return { calls, send }
}

describe('the photo queue', () => {
  it('lists the owner’s photos in the order taken (picked time, then their place among photos picked together), whatever order they were stored in', async () => {
    await queue.put(photo('third', '2026-11-26T07:05:00.000Z'))
    await queue.put(photo('second', '2026-11-26T07:00:00.000Z', { order: 1 }))
    await queue.put(photo('first', '2026-11-26T07:00:00.000Z', { order: 0 }))
    await queue.put(photo('someone-else', '2026-11-26T06:00:00.000Z', { userId: 'staff' }))
    expect((await queue.list('owner')).map((item) => item.key)).toEqual(['first', 'second', 'third'])
    expect((await queue.list('staff')).map((item) => item.key)).toEqual(['someone-else'])
  })

  it('keeps the photos, their blobs and counts when the page closes and the database is opened again', async () => {
    const detections = { width: 10, height: 10, codes: [{ format: 'QRCode', text: 'TIN-01', x: 5, y: 5, size: 4, angle: 0 }] }
    await queue.put(photo('kept', '2026-11-26T07:00:00.000Z', { detections }))
    queue.close()
    const again = await openPhotoQueue(factory)
    const [kept] = await again.list('owner')
    expect(kept).toMatchObject({ key: 'kept', detections, attempts: 0 })
    expect(await kept!.photo.blob.text()).toBe('kept')
  })

  it('sends the photos in the order taken and removes each once sent', async () => {
    await queue.put(photo('b', '2026-11-26T07:01:00.000Z'))
    await queue.put(photo('a', '2026-11-26T07:00:00.000Z'))
    const { calls, send } = server()
    expect(await sendWaiting(queue, 'owner', send)).toEqual({ sent: ['a', 'b'], refused: [], interrupted: null })
    expect(calls).toEqual(['a', 'b'])
    expect(await queue.list('owner')).toEqual([])
  })

  it('stops at an interrupted upload: that photo and the ones after it keep their place, and the next run sends the same photo (same key) first', async () => {
    for (const [index, key] of ['a', 'b', 'c'].entries()) await queue.put(photo(key, `2026-11-26T07:0${index}:00.000Z`))
    const cut = server({ b: 'cut' })
    const run = await sendWaiting(queue, 'owner', cut.send)
    expect(run.sent).toEqual(['a'])
    expect(run.interrupted).toMatchObject({ key: 'b', attempts: 1 })
    expect(cut.calls).toEqual(['a', 'b'])
    expect((await queue.list('owner')).map((item) => [item.key, item.attempts])).toEqual([['b', 1], ['c', 0]])

    const back = server()
    expect((await sendWaiting(queue, 'owner', back.send)).sent).toEqual(['b', 'c'])
    expect(back.calls).toEqual(['b', 'c'])
  })

  it('keeps a photo the server refused, with its reason, sends the next, and does not send it again', async () => {
    await queue.put(photo('a', '2026-11-26T07:00:00.000Z'))
    await queue.put(photo('b', '2026-11-26T07:01:00.000Z'))
    const refusing = server({ a: 'At most 10 photos per side' })
    expect(await sendWaiting(queue, 'owner', refusing.send)).toEqual({ sent: ['b'], refused: [{ key: 'a', replaces: null, message: 'At most 10 photos per side' }], interrupted: null })
    expect(await queue.list('owner')).toEqual([expect.objectContaining({ key: 'a', error: 'At most 10 photos per side' })])
    const later = server()
    await sendWaiting(queue, 'owner', later.send)
    expect(later.calls).toEqual([])
  })

  it("never sends another owner's photos", async () => {
    await queue.put(photo('theirs', '2026-11-26T07:00:00.000Z', { userId: 'staff' }))
    const { calls, send } = server()
    await sendWaiting(queue, 'owner', send)
    expect(calls).toEqual([])
    expect(await queue.list('staff')).toHaveLength(1)
  })

  it('a patch does not bring back a photo removed meanwhile', async () => {
    await queue.put(photo('a', '2026-11-26T07:00:00.000Z'))
    await queue.remove('a')
    expect(await queue.patch('a', { attempts: 3 })).toBe(false)
    expect(await queue.list('owner')).toEqual([])
  })

  it('waits longer after each interrupted try, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000])
  })
})
