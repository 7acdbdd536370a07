import { describe, expect, it } from 'vitest'
import { describeClash, findCodeClashes } from './code-clashes'

const product = (id: string, sku: string | null, barcode: string | null = null) => ({ id, name: `Product ${id}`, sku, barcode })

describe('findCodeClashes', () => {
  it('finds SKUs and barcodes that differ only in capitals, and says which to change', () => {
    const clashes = findCodeClashes([
      product('a', 'EGG-6'),
      product('b', 'egg-6', 'abc-1'),
      product('c', 'Egg-6'),
      product('d', 'MILK', 'ABC-1'),
      product('e', 'TEA'),
      product('f', null),
    ])
    expect(clashes).toEqual([
      {
        field: 'sku',
        products: [
          { id: 'a', name: 'Product a', code: 'EGG-6' },
          { id: 'b', name: 'Product b', code: 'egg-6' },
          { id: 'c', name: 'Product c', code: 'Egg-6' },
        ],
      },
      { field: 'barcode', products: [{ id: 'b', name: 'Product b', code: 'abc-1' }, { id: 'd', name: 'Product d', code: 'ABC-1' }] },
    ])
    expect(clashes.map(describeClash)).toEqual([
      'EGG-6, egg-6 and Egg-6 have the same SKU ignoring case: change all but one',
      'abc-1 and ABC-1 have the same barcode ignoring case: change one',
    ])
  })

  it('finds nothing in a catalogue whose codes are all different', () => {
    expect(findCodeClashes([product('a', 'EGG-6', '123'), product('b', 'EGG-12', '1234'), product('c', null, null)])).toEqual([])
  })
})
