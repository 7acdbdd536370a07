import { describe, expect, it } from 'vitest'
import { codeKey, scoreItem } from './score.ts'

describe('codeKey', () => {
  it('gives EAN/UPC forms of one GTIN one key', () => {
    expect(codeKey('UPCA', '036000291452')).toBe(codeKey('EAN13', '0036000291452'))
    expect(codeKey('UPCE', '01234565')).toBe(codeKey('UPCA', '012345000065'))
    expect(codeKey('EAN13', '4006381333931')).not.toBe(codeKey('EAN13', '4006381333932'))
  })

  it('leaves out control characters however zxing writes them, and white space', () => {
    const raw = codeKey('DataMatrix', 'A\u001dB\u001fC\u0001D')
    expect(codeKey('DataMatrix', 'A<GS>B<US>C<SOH>D')).toBe(raw)
    expect(codeKey('DataMatrix', 'A\u241dBC D')).toBe(raw)
    expect(codeKey('DataMatrix', '(01)0950600013435')).toBe(codeKey('DataMatrix', '010950600013435'))
    expect(codeKey('QRCode', 'A<XY>B')).not.toBe(codeKey('QRCode', 'AB'))
  })
})

describe('scoreItem', () => {
  const item = { expected: [{ format: 'EAN13', text: '4006381333931' }], alsoPresent: [{ text: '1920081045006' }], scoreRead: true }

  it('counts a read, and a code really in the photo as not wrong', () => {
    expect(scoreItem(item, [{ format: 'EAN13', text: '4006381333931' }, { format: 'EAN13', text: '1920081045006' }])).toEqual({ scored: 1, read: 1, wrong: [], double: 0 })
  })

  it('counts a code not in the photo as wrong, and a label read twice as double', () => {
    const reported = [
      { format: 'EAN13', text: '4006381333931' },
      { format: 'EAN13', text: '4006381333931' },
      { format: 'UPCE', text: '01234565' },
    ]
    expect(scoreItem(item, reported)).toEqual({ scored: 1, read: 1, wrong: [{ format: 'UPCE', text: '01234565' }], double: 1 })
  })

  it('scores no read on a photo only checked for wrong codes', () => {
    expect(scoreItem({ expected: [{ format: 'QRCode', text: 'x' }], scoreRead: false }, [])).toEqual({ scored: 0, read: 0, wrong: [], double: 0 })
  })
})
