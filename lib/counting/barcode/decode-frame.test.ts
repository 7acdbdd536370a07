import { describe, expect, it } from 'vitest'
import { shelfPhoto } from '@/test/shelf/generate-shelf-photo'
import { decodePhoto } from './decode-photo.ts'
import { loadPhoto } from './load-photo.ts'
import { loadZXing } from './zxing-node.ts'

// The live count reads each video frame through the same decoder, without the close-up passes.
describe('decodePhoto of a video frame', () => {
  it('reads a blurred 720p frame of a shelf as the whole decoder does, without the close-up passes', async () => {
    const items = ['4006381333931', '5901234123457', '4007817327098', '9780201379624'].map((text, i) => ({ text, format: 'ean13' as const, count: 3, caption: `Product ${i + 1}` }))
    const frame = await shelfPhoto({ items, width: 1280, height: 720, seed: 3, maxAngle: 6, degraded: true, blur: 1 })
    await loadZXing()
    const pixels = await loadPhoto(frame.jpeg)
    const [whole, video] = [await decodePhoto(pixels), await decodePhoto(pixels, { videoFrame: true })]
    const texts = (codes: { text: string }[]) => codes.map((code) => code.text).sort()
    expect(texts(video.codes)).toEqual(texts(whole.codes))
    expect(texts(video.codes)).toHaveLength(12)
    expect(whole.passes.map((pass) => pass.name)).toContain('at twice the size')
    expect(video.passes.map((pass) => pass.name)).not.toContain('at twice the size')
    expect(video.passes.map((pass) => pass.name)).not.toContain('fixed threshold')
  })
})
