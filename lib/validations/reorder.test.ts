import { describe, expect, it } from 'vitest'
import { draftOrdersSchema, serviceLevelSchema } from './reorder'

const REQUEST = '6f1c1f4e-8a56-4a43-9a5e-3c0f1b1d2e3f'
const MILK = '0b0f5a0e-1111-4a43-9a5e-3c0f1b1d2e3f'
const DAIRY = '9d9d9d9d-2222-4a43-9a5e-3c0f1b1d2e3f'
const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('reorder forms', () => {
  it('reads the ticked rows with their supplier and packs', () => {
    expect(draftOrdersSchema.parse({ request_id: REQUEST, [`order:${MILK}`]: `${DAIRY}:3`, other: 'x' })).toEqual({
      requestId: REQUEST,
      lines: [{ productId: MILK, supplierId: DAIRY, packs: 3 }],
    })
  })

  it('refuses nothing ticked, a broken row and a missing request id', () => {
    expect(message(draftOrdersSchema.safeParse({ request_id: REQUEST }))).toBe('Tick at least one product to order')
    for (const value of [`${DAIRY}:0`, `${DAIRY}:-1`, 'nope:3', `${DAIRY}`]) {
      expect(message(draftOrdersSchema.safeParse({ request_id: REQUEST, [`order:${MILK}`]: value }))).toBe('A ticked product has no quantity to order: reload the page')
    }
    expect(message(draftOrdersSchema.safeParse({ [`order:${MILK}`]: `${DAIRY}:3` }))).toBe('Reload the page and try again')
  })

  it('takes only the offered service levels', () => {
    expect(serviceLevelSchema.parse({ service_level: '0.98' })).toEqual({ service_level: 0.98 })
    for (const level of ['0.5', '1', 'abc', '']) expect(message(serviceLevelSchema.safeParse({ service_level: level }))).toBe('Pick how often stock should last until the delivery')
  })
})
