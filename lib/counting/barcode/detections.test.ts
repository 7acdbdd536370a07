import { describe, expect, it } from 'vitest'
import { cropAround, LABEL_SHEET, sheetSize, tileOf, toDetection } from './detections'

describe('detections', () => {
  it('are the decoded codes with their places to a tenth of a pixel', () => {
    expect(toDetection({ format: 'QRCode', text: 'A', center: { x: 10.04, y: 20.26 }, size: 99.99, angle: -12.345 })).toEqual({ format: 'QRCode', text: 'A', x: 10, y: 20.3, size: 100, angle: -12.3 })
  })

  it('lay the label crops out 8 a row, 160 px each, one blank tile when there is no label', () => {
    expect(sheetSize(LABEL_SHEET, 3)).toEqual({ width: 480, height: 160 })
    expect(sheetSize(LABEL_SHEET, 8)).toEqual({ width: 1280, height: 160 })
    expect(sheetSize(LABEL_SHEET, 9)).toEqual({ width: 1280, height: 320 })
    expect(sheetSize(LABEL_SHEET, 0)).toEqual({ width: 160, height: 160 })
    expect(tileOf(LABEL_SHEET, 0)).toEqual({ x: 0, y: 0, size: 160 })
    expect(tileOf(LABEL_SHEET, 9)).toEqual({ x: 160, y: 160, size: 160 })
  })

  it('crop a square around each symbol with room for its caption, never smaller than 48 px', () => {
    expect(cropAround({ x: 500, y: 400, size: 100 })).toEqual({ x: 430, y: 330, size: 140 })
    expect(cropAround({ x: 10, y: 10, size: 8 })).toEqual({ x: -14, y: -14, size: 48 })
  })
})
