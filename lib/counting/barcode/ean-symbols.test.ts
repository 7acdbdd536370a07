import { describe, expect, it } from 'vitest'
import { EAN13, UPCE, type Symbology } from './ean-symbols.ts'
import { gs1CheckDigit, upceToUpca } from './retail-codes.ts'

/** Misfit costs that favour `text`'s digits (in each digit's own parity set when given), everything else costing 1. */
function costsFor(symbology: Symbology, digits: string, sets?: number[]): number[][][] {
  return symbology.digits.map((stretch, i) =>
    stretch.sets.map((_, set) => Array.from({ length: 10 }, (_, value) => (value === Number(digits[i]) && (sets?.[i] ?? set) === set ? 0 : 1))),
  )
}

describe('EAN-13', () => {
  it('reads the digits that fit, with the first digit from the left half’s parities', () => {
    // 9780441014989: first digit 9 is L G G L G L over the left six
    const read = EAN13.read(costsFor(EAN13, '780441014989', [0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]))
    expect(read).toMatchObject({ format: 'EAN13', text: '9780441014989', cost: 0 })
    expect(read!.second).toBeGreaterThan(0)
  })

  it('never returns digits whose check digit is wrong: the best valid code costs more', () => {
    const read = EAN13.read(costsFor(EAN13, '780441014980', [0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]))
    expect(read!.cost).toBeGreaterThan(0)
    expect(gs1CheckDigit(read!.text.slice(0, 12))).toBe(read!.text[12])
  })

  it('gives a code starting with 0 as a UPC-A of 12 digits', () => {
    expect(EAN13.read(costsFor(EAN13, '036000291452', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ format: 'UPCA', text: '036000291452' })
  })
})

describe('UPC-E', () => {
  it('reads the number system and check digit from the parities, and the check holds for the code expanded', () => {
    // 01234565: number system 0, check 5 is E O O E E O (1 = G)
    const read = UPCE.read(costsFor(UPCE, '123456', [1, 0, 0, 1, 1, 0]))
    expect(read).toMatchObject({ format: 'UPCE', text: '01234565', cost: 0 })
    const upca = upceToUpca(read!.text)!
    expect(gs1CheckDigit(upca.slice(0, 11))).toBe(upca[11])
  })

  it('takes number system 1 from the opposite parities', () => {
    // 11234562 (expands to 112345000062): check 2 is E E O O E O in system 0, O O E E O E in system 1
    expect(UPCE.read(costsFor(UPCE, '123456', [0, 0, 1, 1, 0, 1]))).toMatchObject({ text: '11234562', cost: 0 })
  })
})
