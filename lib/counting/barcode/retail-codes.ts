// EAN/UPC numbers in their printed form. zxing reports a UPC-A as an EAN-13
// with a leading 0 and a UPC-E expanded to 13 digits; the owner's catalogue
// holds what is printed under the bars, so codes are given back in that form,
// and matched to the catalogue in any of a code's equivalent forms.

/** GS1 check digit (EAN-13, EAN-8, UPC-A, GTIN-14) for the digits before it. */
export function gs1CheckDigit(digits: string): string {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * ((digits.length - i) % 2 === 1 ? 3 : 1)
  return String((10 - (sum % 10)) % 10)
}

/** A UPC-E's 6 data digits (number system 0 or 1) expanded to its UPC-A's 10 digits after the number system. */
function expandUpceData(data: string): string {
  const [d1, d2, d3, d4, d5, d6] = data.split('')
  if (d6 === '0' || d6 === '1' || d6 === '2') return `${d1}${d2}${d6}0000${d3}${d4}${d5}`
  if (d6 === '3') return `${d1}${d2}${d3}00000${d4}${d5}`
  if (d6 === '4') return `${d1}${d2}${d3}${d4}00000${d5}`
  return `${d1}${d2}${d3}${d4}${d5}0000${d6}`
}

/** An 8-digit UPC-E as its 12-digit UPC-A; null if it is not a valid UPC-E. */
export function upceToUpca(upce: string): string | null {
  if (!/^[01]\d{7}$/.test(upce)) return null
  const body = upce[0]! + expandUpceData(upce.slice(1, 7))
  return gs1CheckDigit(body) === upce[7] ? body + upce[7] : null
}

/** A UPC-E's 6 data digits ending in `last` that could stand for this UPC-A body. */
function upceData(body: string, last: number): string {
  if (last <= 2) return `${body.slice(0, 2)}${body.slice(7)}${last}`
  if (last === 3) return `${body.slice(0, 3)}${body.slice(8)}3`
  if (last === 4) return `${body.slice(0, 4)}${body.slice(9)}4`
  return `${body.slice(0, 5)}${last}`
}

/** A 12-digit UPC-A as its 8-digit UPC-E, when it has one. */
function upcaToUpce(upca: string): string | null {
  const body = upca.slice(1, 11)
  for (let last = 0; last <= 9; last++) {
    const data = upceData(body, last)
    if (expandUpceData(data) === body) return upca[0] + data + upca[11]
  }
  return null
}

/** The code as printed: UPC-A in 12 digits, UPC-E in 8. */
export function canonicalCode(format: string, text: string): { format: string; text: string } {
  if ((format === 'EAN13' || format === 'UPCA') && /^0\d{12}$/.test(text)) return { format: 'UPCA', text: text.slice(1) }
  if (format === 'UPCE' && /^\d{13}$/.test(text)) return { format, text: upcaToUpce(text.slice(1)) ?? text }
  return { format, text }
}

/**
 * Keys under which a code text matches a catalogue barcode: the text itself
 * and, for EAN/UPC numbers, the GTIN-14 it stands for (so 012345678905 matches
 * 0012345678905, and a UPC-E its UPC-A).
 */
export function gtinKeys(text: string): string[] {
  const keys = [text]
  if (!/^\d{8}$|^\d{12,14}$/.test(text)) return keys
  keys.push(`gtin:${text.padStart(14, '0')}`)
  const upca = text.length === 8 ? upceToUpca(text) : null
  if (upca) keys.push(`gtin:${upca.padStart(14, '0')}`)
  return keys
}
