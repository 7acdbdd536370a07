import { describe, expect, it } from 'vitest'
import { readPerson, salesByPersonSchema } from './sales-by-person'

describe('sales by person', () => {
  it('reads a person id from the address, and anything else as everyone', () => {
    const id = crypto.randomUUID()
    expect(readPerson(id)).toBe(id)
    expect(readPerson([id, 'x'])).toBe(id)
    for (const bad of [undefined, '', 'sam', `${id}'--`, ['nope']]) expect(readPerson(bad)).toBeNull()
  })

  it('parses the database answer, money as numbers', () => {
    const [row] = salesByPersonSchema.parse([
      { user_id: null, name: 'Unknown', sales: 1, units: 2, value: '3.50', unpriced_products: 0, products: [{ name: 'Milk', units: 2, value: null }] },
    ])
    expect(row).toMatchObject({ value: 3.5, products: [{ value: null }] })
    expect(salesByPersonSchema.safeParse([{ name: 'x' }]).success).toBe(false)
  })
})
