import { afterEach, describe, expect, it, vi } from 'vitest'
import { newRequestId } from './request-id'

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('newRequestId', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is a fresh v4 UUID each time', () => {
    const ids = new Set(Array.from({ length: 100 }, newRequestId))
    expect(ids.size).toBe(100)
    for (const id of ids) expect(id).toMatch(V4)
  })

  it('still makes one where randomUUID is missing (plain http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(255) })
    expect(newRequestId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
  })
})
