import { describe, expect, it } from 'vitest'
import { cropView, placeInPhoto, quadsTouch, toPhoto, type Quad } from './geometry.ts'

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

describe('quadsTouch', () => {
  const quad = (x0: number, y0: number, x1: number, y1: number) =>
    [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ] as Quad

  it('tells quads that overlap or come within the gap from those apart, a one-row read (a line) included', () => {
    expect(quadsTouch(quad(0, 0, 100, 20), quad(50, 10, 150, 30), 0)).toBe(true)
    expect(quadsTouch(quad(0, 0, 100, 20), quad(0, 23, 100, 40), 4)).toBe(true)
    expect(quadsTouch(quad(0, 0, 100, 20), quad(0, 30, 100, 40), 4)).toBe(false)
    expect(quadsTouch(quad(0, 10, 100, 10), quad(20, 0, 40, 30), 0)).toBe(true)
    expect(quadsTouch(quad(0, 10, 100, 10), quad(120, 0, 140, 30), 4)).toBe(false)
  })

  it('sees a quad turned 45° apart from one its bounding box would overlap', () => {
    const turned = [
      { x: 100, y: 0 },
      { x: 200, y: 100 },
      { x: 100, y: 200 },
      { x: 0, y: 100 },
    ] as Quad
    expect(quadsTouch(turned, quad(0, 0, 30, 30), 2)).toBe(false)
    expect(quadsTouch(turned, quad(60, 60, 90, 90), 2)).toBe(true)
  })
})
