import { beforeAll, describe, expect, it } from 'vitest'
import { glareLabels } from '@/test/shelf/glare-label'
import { allocateGrey, luminance } from './grey-image.ts'
import { stretchRows } from './stretch-rows.ts'
import { loadZXing } from './zxing-node.ts'
import { LINEAR_FORMATS, readCodes } from './zxing-reader.ts'

const row = (values: number[]) => {
  const image = allocateGrey(values.length, 1)
  image.data.set(values)
  return image
}

describe('stretchRows', () => {
  beforeAll(loadZXing)

  it('puts a bar under glare back below the spaces beside it, and keeps flat rows flat', () => {
    // bars of 2 px at 20 and, under glare, at 170; spaces at 240 and, under glare, 255
    const bars = [240, 240, 20, 20, 240, 240, 20, 20, 240, 240, 255, 255, 170, 170, 255, 255, 170, 170, 255, 255]
    const out = [...stretchRows(row(bars), 3, 64).data]
    expect(out.slice(12, 14)).toEqual([0, 0])
    expect(out.slice(16, 18)).toEqual([0, 0])
    expect(out.slice(2, 4)).toEqual([0, 0])
    expect(out.filter((_, x) => bars[x]! >= 240).every((v) => v >= 230)).toBe(true)
    // paper and a solid patch: no bar beside a space within reach, nothing to stretch
    expect([...stretchRows(row(Array(12).fill(200)), 3, 64).data]).toEqual(Array(12).fill(255))
    expect([...stretchRows(row([200, 200, 200, 200, 190, 190, 190, 190]), 2, 64).data].every((v) => v > 200)).toBe(true)
  })

  it('makes a label under glare readable: zxing reads nothing of it as it is, and its code stretched', async () => {
    const { rgb } = await glareLabels(['501234567890'], 170)
    const photo = luminance(rgb)
    const options = { formats: [...LINEAR_FORMATS], tryHarder: true }
    expect((await readCodes(photo, options)).filter((r) => r.isValid)).toEqual([])
    const read = (await readCodes(stretchRows(photo, 8, 64), options)).filter((r) => r.isValid)
    expect(read.map((r) => r.text)).toEqual(['5012345678900'])
  })
})
