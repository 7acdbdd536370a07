// Where a code is: its centre and size, and the way back from a transformed
// copy of the photo (rotated, rows thinned out) to the photo itself.
import type { Position } from 'zxing-wasm/reader'

export interface Point {
  x: number
  y: number
}

/**
 * How a pass's image was made from the photo: photo point p lands at
 * `matrix · p − offset` (matrix row-major [a, b, c, d]).
 */
export interface View {
  matrix: [number, number, number, number]
  offset: Point
}

export const IDENTITY: View = { matrix: [1, 0, 0, 1], offset: { x: 0, y: 0 } }

/**
 * Rotation by `angle` degrees clockwise, then rows kept 1 in `rowStep`, with
 * the canvas moved so that the whole photo stays in view (as sharp's affine does).
 */
export function rotatedView(angle: number, rowStep: number, width: number, height: number): View {
  const r = (angle * Math.PI) / 180
  const [cos, sin] = [Math.cos(r), Math.sin(r)]
  const matrix: View['matrix'] = [cos, -sin, sin / rowStep, cos / rowStep]
  const corners = [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ].map(([x, y]) => apply(matrix, { x: x!, y: y! }))
  return { matrix, offset: { x: Math.min(...corners.map((c) => c.x)), y: Math.min(...corners.map((c) => c.y)) } }
}

/** The size of the canvas a view of a width × height photo needs to hold all of it. */
export function viewSize(view: View, width: number, height: number): { width: number; height: number } {
  const corners = [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ].map(([x, y]) => apply(view.matrix, { x: x!, y: y! }))
  return {
    width: Math.ceil(Math.max(...corners.map((c) => c.x)) - view.offset.x - 1e-9),
    height: Math.ceil(Math.max(...corners.map((c) => c.y)) - view.offset.y - 1e-9),
  }
}

/**
 * A width × height crop centred on `center`, turned so that something
 * lying at `angle` degrees clockwise in the photo is level in the crop.
 */
export function cropView(center: Point, angle: number, width: number, height: number): View {
  const r = (-angle * Math.PI) / 180
  const matrix: View['matrix'] = [Math.cos(r), -Math.sin(r), Math.sin(r), Math.cos(r)]
  const c = apply(matrix, center)
  return { matrix, offset: { x: c.x - width / 2, y: c.y - height / 2 } }
}

/** The photo scaled by `factor` (e.g. ½ for a half-size copy). */
export const scaledView = (factor: number): View => ({ matrix: [factor, 0, 0, factor], offset: { x: 0, y: 0 } })

/** The same view, enlarged `factor` times. */
export const enlarged = ({ matrix, offset }: View, factor: number): View => ({
  matrix: matrix.map((m) => m * factor) as View['matrix'],
  offset: { x: offset.x * factor, y: offset.y * factor },
})

const apply = (m: View['matrix'], p: Point): Point => ({ x: m[0] * p.x + m[1] * p.y, y: m[2] * p.x + m[3] * p.y })

/** Maps a point of the view back to photo pixels. */
export function toPhoto(point: Point, view: View): Point {
  const [a, b, c, d] = view.matrix
  const det = a * d - b * c
  const inverse: View['matrix'] = [d / det, -b / det, -c / det, a / det]
  return apply(inverse, { x: point.x + view.offset.x, y: point.y + view.offset.y })
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/** A symbol's corners: top left, top right, bottom right, bottom left. */
export type Quad = [Point, Point, Point, Point]

/**
 * Centre, longest side (about the symbol's width for a 1D code), angle (of
 * its top edge, degrees clockwise) and corners of a code, in photo pixels.
 * A 1D code's corners span only the rows zxing read it on, not its bars' height.
 */
export function placeInPhoto(position: Position, view: View): { center: Point; size: number; angle: number; corners: Quad } {
  const corners = [position.topLeft, position.topRight, position.bottomRight, position.bottomLeft].map((p) => toPhoto(p, view)) as Quad
  const [tl, tr, br, bl] = corners
  return {
    center: { x: (tl.x + tr.x + br.x + bl.x) / 4, y: (tl.y + tr.y + br.y + bl.y) / 4 },
    size: Math.max(distance(tl, tr), distance(bl, br), distance(tl, bl), distance(tr, br)),
    angle: (Math.atan2(tr.y - tl.y + br.y - bl.y, tr.x - tl.x + br.x - bl.x) * 180) / Math.PI,
    corners,
  }
}

/**
 * Whether two quads share pixels, or come within `gap` pixels of each other:
 * no direction along or across either one's top edge separates them. A read
 * on a single row is a line, which this handles as a flat quad.
 */
export function quadsTouch(a: Quad, b: Quad, gap: number): boolean {
  for (const [p, q] of [a, b].map((quad) => [quad[0], quad[1].x === quad[0].x && quad[1].y === quad[0].y ? quad[3] : quad[1]] as const)) {
    const length = distance(p, q) || 1
    const along = { x: (q.x - p.x) / length, y: (q.y - p.y) / length }
    for (const axis of [along, { x: -along.y, y: along.x }]) {
      const [aMin, aMax] = extent(a, axis)
      const [bMin, bMax] = extent(b, axis)
      if (aMin - bMax > gap || bMin - aMax > gap) return false
    }
  }
  return true
}

const extent = (quad: Quad, axis: Point): [number, number] => {
  const dots = quad.map((p) => p.x * axis.x + p.y * axis.y)
  return [Math.min(...dots), Math.max(...dots)]
}
