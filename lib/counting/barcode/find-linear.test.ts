import { describe, expect, it } from 'vitest'
import { seededRandom } from '@/test/shelf/code-texts'
import { findLinearRegions } from './find-linear.ts'
import { allocateGrey, type GreyImage } from './grey-image.ts'

/** Grey noise with, optionally, a patch of bars (2–6 px wide) turned `angle` degrees clockwise around (cx, cy). */
function scene(draw: (x: number, y: number) => number | null, seed = 1): GreyImage {
  const image = allocateGrey(400, 300)
  const random = seededRandom(seed)
  for (let y = 0; y < 300; y++) for (let x = 0; x < 400; x++) image.data[y * 400 + x] = draw(x, y) ?? 110 + Math.floor(random() * 20)
  return image
}

function bars(angle: number, cx = 200, cy = 150) {
  const widths = Array.from({ length: 60 }, (_, i) => 2 + ((i * 7) % 5))
  const edges = widths.map((_, i) => widths.slice(0, i + 1).reduce((a, b) => a + b, 0))
  const r = (angle * Math.PI) / 180
  return (x: number, y: number) => {
    // u across the bars, v along them
    const [u, v] = [(x - cx) * Math.cos(r) + (y - cy) * Math.sin(r), -(x - cx) * Math.sin(r) + (y - cy) * Math.cos(r)]
    if (Math.abs(v) > 40 || Math.abs(u) > 110) return null
    const i = edges.findIndex((e) => e > u + 110)
    return i % 2 === 0 ? 20 : 235
  }
}

describe('findLinearRegions', () => {
  it.each([0, 15, -20])('finds a patch of bars turned %i° and its angle', (angle) => {
    const regions = findLinearRegions(scene(bars(angle)))
    expect(regions).toHaveLength(1)
    const [region] = regions
    // within a few degrees: zxing reads 1D codes up to ~10° off level
    expect(Math.abs(region!.angle - angle)).toBeLessThan(5)
    expect(Math.hypot(region!.center.x - 200, region!.center.y - 150)).toBeLessThan(20)
    expect(region!.length).toBeGreaterThan(160)
    expect(region!.length).toBeLessThan(260)
  })

  it('finds nothing in noise, nor along the edge of a card', () => {
    expect(findLinearRegions(scene(() => null))).toEqual([])
    expect(findLinearRegions(scene((x) => (x > 200 ? 240 : null)))).toEqual([])
  })
})
