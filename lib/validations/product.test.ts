import { describe, expect, it } from 'vitest'
import { createProductSchema, updateProductSchema } from './product'

const firstError = (input: Record<string, unknown>) => {
  const result = createProductSchema.safeParse({ name: 'Tea', ...input })
  if (result.success) return null
  const issue = result.error.issues[0]!
  return { path: issue.path.join('.'), message: issue.message }
}

describe('createProductSchema', () => {
  it('fills blanks with defaults and trims text', () => {
    expect(createProductSchema.parse({ name: '  Tea  ', sku: ' ', barcode: '', qty: '', unit_cost: '' })).toEqual({
      name: 'Tea',
      sku: null,
      barcode: null,
      qty: 0,
      low_stock_threshold: 0,
      target_qty: null,
      unit_cost: null,
      unit_price: null,
      image_url: null,
    })
  })

  it('reads numbers and amounts as the form sends them', () => {
    const parsed = createProductSchema.parse({ name: 'Tea', sku: 'T-1', qty: '12', low_stock_threshold: '3', target_qty: '24', unit_cost: '0,5', unit_price: '1.99' })
    expect(parsed).toMatchObject({ sku: 'T-1', qty: 12, low_stock_threshold: 3, target_qty: 24, unit_cost: '0.5', unit_price: '1.99' })
  })

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(121) }, 'name', 'Name must be 120 characters or less'],
    [{ name: 42 }, 'name', 'Name is required'],
    [{ sku: 'x'.repeat(65) }, 'sku', 'SKU must be 64 characters or less'],
    [{ barcode: '123 456' }, 'barcode', 'Barcode may only hold letters, digits and . _ / + - (up to 64)'],
    [{ barcode: '=HYPERLINK("x")' }, 'barcode', 'Barcode may only hold letters, digits and . _ / + - (up to 64)'],
    [{ barcode: '5.01235E+12' }, 'barcode', 'Barcode looks like a number a spreadsheet shortened, so its digits are lost: type the whole code'],
    [{ sku: '1.23457e+11' }, 'sku', 'SKU looks like a number a spreadsheet shortened, so its digits are lost: type the whole code'],
    [{ qty: '-1' }, 'qty', 'Quantity must be a whole number 0 or more'],
    [{ qty: '1.5' }, 'qty', 'Quantity must be a whole number 0 or more'],
    [{ qty: '1e3' }, 'qty', 'Quantity must be a whole number 0 or more'],
    [{ qty: '9999999999' }, 'qty', 'Quantity must be at most 999,999,999'],
    [{ qty: '99999999999999' }, 'qty', 'Quantity must be at most 999,999,999'],
    [{ low_stock_threshold: 'many' }, 'low_stock_threshold', 'Low-stock alert level must be a whole number 0 or more'],
    [{ target_qty: '-5' }, 'target_qty', 'Target level must be a whole number 0 or more'],
    [{ unit_cost: '-0.01' }, 'unit_cost', 'Cost must be an amount of 0 or more, like 2.50'],
    [{ unit_price: '1.999' }, 'unit_price', 'Price must be an amount of 0 or more, like 2.50'],
    [{ unit_price: '12345678901' }, 'unit_price', 'Price must be at most 9,999,999,999.99'],
    [{ image_url: 'x'.repeat(2049) }, 'image_url', 'The photo address is too long'],
  ])('refuses %j on %s', (input, path, message) => {
    expect(firstError(input)).toEqual({ path, message })
  })
})

describe('updateProductSchema', () => {
  it('needs a product id that is a uuid', () => {
    expect(updateProductSchema.safeParse({ name: 'Tea', id: 'not-a-uuid' }).error?.issues[0]?.message).toBe('Product not found')
    expect(updateProductSchema.parse({ name: 'Tea', id: '8f7b3c8e-2c1a-4f7e-9a51-1c2d3e4f5a6b' }).id).toBe(
      '8f7b3c8e-2c1a-4f7e-9a51-1c2d3e4f5a6b',
    )
  })
})
