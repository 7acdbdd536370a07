import { describe, expect, it } from 'vitest'
import { cropView, placeInPhoto, toPhoto } from './geometry.ts'

describe('cropView', () => {
  it('centres the crop on the point and lays a line at the angle level', () => {
    const view = cropView({ x: 500, y: 300 }, 20, 200, 80)
    const r = (20 * Math.PI) / 180
    // 50 px along the 20° line from the centre lands 50 px right of the crop's centre
    const along = { x: 500 + 50 * Math.cos(r), y: 300 + 50 * Math.sin(r) }
    const [a, b, c, d] = view.matrix
    const inCrop = { x: a * along.x + b * along.y - view.offset.x, y: c * along.x + d * along.y - view.offset.y }
    expect(inCrop.x).toBeCloseTo(150)
    expect(inCrop.y).toBeCloseTo(40)
    expect(toPhoto({ x: 100, y: 40 }, view)).toEqual({ x: expect.closeTo(500), y: expect.closeTo(300) })
  })

  it('gives back, through placeInPhoto, the angle of a level symbol read in the crop', () => {
    const view = cropView({ x: 500, y: 300 }, -15, 200, 80)
    const place = placeInPhoto({ topLeft: { x: 50, y: 30 }, topRight: { x: 150, y: 30 }, bottomRight: { x: 150, y: 50 }, bottomLeft: { x: 50, y: 50 } }, view)
    expect(place.angle).toBeCloseTo(-15)
    expect(place.center).toEqual({ x: expect.closeTo(500), y: expect.closeTo(300) })
    expect(place.size).toBeCloseTo(100)
  })
})
