// Seeded randomness and valid code texts for the generated shelf photos.
import { canonicalCode, gs1CheckDigit, upceToUpca } from '../../lib/counting/barcode/retail-codes.ts'

/** The symbologies the generator prints, named as bwip-js names them. */
export type LabelFormat = 'ean13' | 'ean8' | 'upca' | 'upce' | 'code128' | 'qrcode' | 'datamatrix'

export const LABEL_FORMATS: readonly LabelFormat[] = ['ean13', 'ean8', 'upca', 'upce', 'code128', 'qrcode', 'datamatrix']

/** mulberry32: small, fast and deterministic for a given seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const randomInt = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1))
export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!

const digits = (random: () => number, n: number) => Array.from({ length: n }, () => randomInt(random, 0, 9)).join('')

/** A random, valid code text for `format`; 1D retail codes include their check digit. */
export function randomCodeText(random: () => number, format: LabelFormat): string {
  switch (format) {
    case 'ean13': {
      const body = `${randomInt(random, 1, 9)}${digits(random, 11)}`
      return body + gs1CheckDigit(body)
    }
    case 'ean8': {
      const body = digits(random, 7)
      return body + gs1CheckDigit(body)
    }
    case 'upca': {
      const body = `${randomInt(random, 1, 9)}${digits(random, 10)}`
      return body + gs1CheckDigit(body)
    }
    case 'upce': {
      const data = `0${digits(random, 6)}`
      const check = Array.from({ length: 10 }, (_, d) => String(d)).find((d) => upceToUpca(data + d))
      // several UPC-E numbers expand alike; print the standard (shortest-rule) one
      return canonicalCode('UPCE', `0${upceToUpca(data + check)}`).text
    }
    default: {
      const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
      const prefix = Array.from({ length: 3 }, () => pick(random, letters.split(''))).join('')
      return `${prefix}-${digits(random, randomInt(random, 2, 5))}`
    }
  }
}
