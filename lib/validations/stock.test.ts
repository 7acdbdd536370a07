import { describe, expect, it } from 'vitest'
import { adjustStockSchema } from './stock'

const valid = {
  product_id: '8f7b3c8e-2c1a-4f7e-9a51-1c2d3e4f5a6b',
  mode: 'remove',
  amount: '3',
  reason: 'damaged',
  note: '  dropped a crate  ',
  request_id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
}

const firstError = (input: Record<string, unknown>) => {
  const issue = adjustStockSchema.safeParse({ ...valid, ...input }).error?.issues[0]
  return issue && { path: issue.path.join('.'), message: issue.message }
}

describe('adjustStockSchema', () => {
  it('parses a change with a trimmed note, and a blank note as none', () => {
    expect(adjustStockSchema.parse(valid)).toEqual({ ...valid, amount: 3, note: 'dropped a crate' })
    expect(adjustStockSchema.parse({ ...valid, note: '   ' }).note).toBeNull()
  })

  it('takes each reason the way it goes, and a count correction either way', () => {
    for (const [mode, reason] of [['add', 'received'], ['add', 'returned'], ['add', 'count_correction'], ['remove', 'sold'], ['remove', 'lost'], ['remove', 'count_correction']])
      expect(adjustStockSchema.safeParse({ ...valid, mode, reason }).success, `${mode} ${reason}`).toBe(true)
  })

  it('allows a count of 0 but not a change of 0', () => {
    expect(adjustStockSchema.parse({ ...valid, mode: 'count', amount: '0', reason: 'count_correction' }).amount).toBe(0)
    expect(firstError({ amount: '0' })).toEqual({ path: 'amount', message: 'Amount must be 1 or more' })
  })

  it.each([
    [{ amount: '-3' }, 'amount', 'Amount must be a whole number 0 or more'],
    [{ amount: '2.5' }, 'amount', 'Amount must be a whole number 0 or more'],
    [{ amount: '9999999999' }, 'amount', 'Amount must be at most 1,000,000'],
    [{ amount: '1000001' }, 'amount', 'Amount must be at most 1,000,000'],
    [{ mode: 'delete' }, 'mode', 'Choose add, remove or set count'],
    [{ reason: 'initial' }, 'reason', 'Choose a reason'],
    [{ mode: 'add', reason: 'sold' }, 'reason', 'Choose a reason that adds stock'],
    [{ mode: 'add', reason: 'damaged' }, 'reason', 'Choose a reason that adds stock'],
    [{ mode: 'remove', reason: 'received' }, 'reason', 'Choose a reason that takes stock away'],
    [{ mode: 'remove', reason: 'returned' }, 'reason', 'Choose a reason that takes stock away'],
    [{ mode: 'count', reason: 'sold' }, 'reason', 'A new count is a count correction'],
    [{ note: 'x'.repeat(501) }, 'note', 'Note must be 500 characters or less'],
    [{ product_id: "1' or 1=1" }, 'product_id', 'Product not found'],
    [{ request_id: 'again' }, 'request_id', 'Invalid request: reload the page and try again'],
  ])('refuses %j', (input, path, message) => {
    expect(firstError(input)).toEqual({ path, message })
  })
})
