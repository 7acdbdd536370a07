import { describe, expect, it } from 'vitest'
import { uploadBytes, uploadDeadlineMs } from './upload-deadline'

describe('uploadDeadlineMs', () => {
  it('gives a small file 20 s and a large photo the time a 128 kbit/s uplink needs', () => {
    expect(uploadDeadlineMs(0)).toBe(20_000)
    expect(uploadDeadlineMs(20_000)).toBe(22_000)
    // a 3 MB photo: about 3 minutes more
    expect(uploadDeadlineMs(3 * 1024 * 1024)).toBe(20_000 + 192_000)
  })
})

describe('uploadBytes', () => {
  it("counts a file upload's bytes, as storage-js sends it, and nothing else", () => {
    const photo = new Blob([new Uint8Array(5_000)], { type: 'image/jpeg' })
    const form = new FormData()
    form.append('cacheControl', '3600')
    form.append('', photo)
    expect(uploadBytes(form)).toBe(5_004)
    expect(uploadBytes(photo)).toBe(5_000)
    expect(uploadBytes('{"name":"x"}')).toBeNull()
    expect(uploadBytes(undefined)).toBeNull()
  })
})
