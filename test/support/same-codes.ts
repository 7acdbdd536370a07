// Whether two readers reported the same codes in a photo: the same texts in
// the same symbologies, as often, each at the same place (within a pixel).

interface Placed {
  format: string
  text: string
  x?: number
  y?: number
  center?: { x: number; y: number }
}

const where = (code: Placed) => code.center ?? { x: code.x ?? 0, y: code.y ?? 0 }

/** null when they are the same; else what differs, in words. */
export function sameCodes(a: readonly Placed[], b: readonly Placed[]): string | null {
  const key = (code: Placed) => `${code.format} ${code.text}`
  const left = [...b]
  const extra: string[] = []
  for (const code of a) {
    const at = left.findIndex((other) => key(other) === key(code) && Math.hypot(where(other).x - where(code).x, where(other).y - where(code).y) <= 1)
    if (at === -1) extra.push(key(code))
    else left.splice(at, 1)
  }
  if (extra.length === 0 && left.length === 0) return null
  return [extra.length ? `only the first: ${extra.join(', ')}` : '', left.length ? `only the second: ${left.map(key).join(', ')}` : ''].filter(Boolean).join('; ')
}
