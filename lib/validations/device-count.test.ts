import { describe, expect, it } from 'vitest'
import { LABEL_SHEET } from '@/lib/counting/barcode/detections'
import { detectionsField, DETECTIONS_REFUSED, MAX_DEVICE_CODES } from './device-count'

const code = (change: Record<string, unknown> = {}) => ({ format: 'EAN13', text: '5000000000012', x: 100, y: 80, size: 120, angle: -4.5, ...change })
const list = (change: Record<string, unknown> = {}) => ({ width: 1200, height: 900, codes: [code()], ...change })
const read = (value: unknown) => detectionsField.safeParse(typeof value === 'string' ? value : JSON.stringify(value))
const refusal = (value: unknown) => {
  const result = read(value)
  return result.success ? null : result.error.issues[0]!.message
}

describe('detectionsField', () => {
  it('reads the list a phone sends, every symbology counted, with or without a sheet of crops; anything else sent along is dropped', () => {
    const codes = [
      code(),
      code({ format: 'UPCA', text: '036000291452' }),
      code({ format: 'UPCE', text: '01234565' }),
      code({ format: 'EAN8', text: '96385074' }),
      code({ format: 'Code128', text: 'TIN-01' }),
      code({ format: 'QRCode', text: 'Jar\u001d7 ✓' }),
      code({ format: 'DataMatrix', text: '(01)09506000134352' }),
    ]
    expect(read(list({ codes }))).toEqual({ success: true, data: list({ codes }) })
    expect(read(list({ sheet: LABEL_SHEET }))).toMatchObject({ success: true, data: { sheet: LABEL_SHEET } })
    expect(read(list({ codes: [] }))).toMatchObject({ success: true })
    const forged = read(list({ codes: [{ ...code(), productId: 'someone else’s' }], shopId: 'x' }))
    expect(forged.success && forged.data).toEqual(list())
  })

  it.each([
    ['{"width":', 'the list could not be read'],
    [[], 'it is not a list of codes'],
    [{ codes: [] }, 'the photo has no size'],
    [list({ width: 0 }), 'the photo has no size'],
    [list({ height: 20_001 }), 'the photo is too large'],
    [list({ codes: null }), 'there is no list of codes'],
    [list({ codes: Array.from({ length: MAX_DEVICE_CODES + 1 }, () => code()) }), 'a photo can hold at most 1,000 codes'],
    [list({ codes: [code({ format: 'Aztec' })] }), 'a code is in a symbology ShelfSnap does not count'],
    [list({ codes: [code({ text: '' })] }), 'a code has no text'],
    [list({ codes: [code({ format: 'QRCode', text: 'x'.repeat(301) })] }), 'a code is longer than 300 characters'],
    [list({ codes: [code({ text: '5000000000013' })] }), '"5000000000013" is not a valid EAN13 number'],
    [list({ codes: [code({ format: 'UPCA', text: '03600029145' })] }), '"03600029145" is not a valid UPCA number'],
    [list({ codes: [code({ format: 'UPCE', text: '01234566' })] }), '"01234566" is not a valid UPCE number'],
    [list({ codes: [code({ x: 1201 })] }), 'the code "5000000000012" lies outside the photo'],
    [list({ codes: [code({ y: -1 })] }), 'the code "5000000000012" lies outside the photo'],
    [list({ codes: [code({ x: 'left' })] }), 'a code has no position'],
    [list({ codes: [code({ size: 0 })] }), 'a code has no size'],
    [list({ sheet: { columns: 2, tile: 1000 } }), 'the label crops are not laid out as ShelfSnap lays them out'],
  ])('refuses %j: %s', (value, why) => {
    expect(refusal(value)).toBe(`${DETECTIONS_REFUSED}: ${why}. Nothing was changed; try again.`)
  })
})
