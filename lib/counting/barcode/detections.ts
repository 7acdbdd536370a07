// What the phone sends with a photo it counted itself: each label's code and
// where it is (photo pixels of the upright photo as picked, full resolution);
// and, when the photo stays on the phone, a sheet of small crops, one tile a
// label in the order of the list, which the review shows instead of the photo.
import type { DetectedCode } from './decode-photo.ts'

export interface Detection {
  format: string
  text: string
  /** the symbol's centre */
  x: number
  y: number
  /** its longest side */
  size: number
  /** degrees clockwise */
  angle: number
}

export interface DetectionList {
  /** the upright photo's size, as decoded */
  width: number
  height: number
  codes: Detection[]
  /** the label crops' sheet, when the photo stays on the phone */
  sheet?: SheetLayout
}

export interface SheetLayout {
  columns: number
  /** one tile's side, px */
  tile: number
}

/** Tiles of 160 px, 8 a row: a label's crop shows its bars and caption, and 60 labels make a 1280 × 1280 JPEG. */
export const LABEL_SHEET: SheetLayout = { columns: 8, tile: 160 }

const tenth = (value: number) => Math.round(value * 10) / 10

export const toDetection = (code: Pick<DetectedCode, 'format' | 'text' | 'center' | 'size' | 'angle'>): Detection => ({
  format: code.format,
  text: code.text,
  x: tenth(code.center.x),
  y: tenth(code.center.y),
  size: tenth(code.size),
  angle: tenth(code.angle),
})

/** The sheet's size for `labels` crops (one blank tile when there are none). */
export function sheetSize({ columns, tile }: SheetLayout, labels: number): { width: number; height: number } {
  const count = Math.max(1, labels)
  return { width: Math.min(count, columns) * tile, height: Math.ceil(count / columns) * tile }
}

/** Where label `index`'s crop sits on the sheet. */
export function tileOf({ columns, tile }: SheetLayout, index: number): { x: number; y: number; size: number } {
  return { x: (index % columns) * tile, y: Math.floor(index / columns) * tile, size: tile }
}

/** The part of the photo a label's tile shows: a square around its symbol with some shelf around it. */
export function cropAround(code: Pick<Detection, 'x' | 'y' | 'size'>): { x: number; y: number; size: number } {
  const size = Math.max(48, code.size * 1.4)
  return { x: code.x - size / 2, y: code.y - size / 2, size }
}
