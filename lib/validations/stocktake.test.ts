import { describe, expect, it } from 'vitest'
import { addPhotoSchema, confirmStocktakeSchema } from './stocktake'

const session = '22222222-2222-4222-8222-222222222222'
const product = '33333333-3333-4333-8333-333333333333'
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('addPhotoSchema', () => {
  const photo = { session_id: session, side: 'start', path: 'x', taken_at: String(Date.now()) }

  it('accepts a photo taken now and turns its time into ISO', () => {
    const parsed = addPhotoSchema.parse(photo)
    expect(parsed.taken_at).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it.each([
    [{ side: 'middle' }, 'Choose Start of Day or End of Day'],
    [{ session_id: 'nope' }, 'This stocktake does not exist. Start again from Upload Photos.'],
    [{ taken_at: String(Date.now() + 3_600_000) }, "The photo's time is in the future. Check the phone's clock."],
    [{ taken_at: String(Date.now() - 8 * 86_400_000) }, 'This photo is more than a week old. Take a new one.'],
    [{ taken_at: 'yesterday' }, 'The photo has no valid time'],
    [{ path: '' }, 'Upload the photo first'],
  ])('refuses %j', (change, message) => {
    expect(firstError(addPhotoSchema.safeParse({ ...photo, ...change }))).toBe(message)
  })
})

describe('confirmStocktakeSchema', () => {
  const line = { product_id: product, start_count: 5, end_count: 2 }
  const form = (counts: unknown) => ({ session_id: session, counts: typeof counts === 'string' ? counts : JSON.stringify(counts) })

  it('parses the counts the review form sends', () => {
    expect(confirmStocktakeSchema.parse(form([line])).counts).toEqual([line])
  })

  it.each([
    ['not JSON', '{oops', 'The counts could not be read. Reload the page and try again.'],
    ['an object', { line }, 'The counts could not be read. Reload the page and try again.'],
    ['nothing', [], 'Nothing to confirm'],
    ['a negative count', [{ ...line, end_count: -1 }], 'Counts cannot be negative'],
    ['a fraction', [{ ...line, start_count: 1.5 }], 'Counts must be whole numbers'],
    ['a huge count', [{ ...line, start_count: 2_000_000 }], 'Counts must be at most 1,000,000'],
    ['a text count', [{ ...line, start_count: '5' }], 'Counts must be whole numbers'],
    ['a bad product id', [{ ...line, product_id: "1' or 1=1" }], 'A counted product does not exist'],
    ['a product twice', [line, line], 'A product is counted twice'],
  ])('refuses %s', (_, counts, message) => {
    expect(firstError(confirmStocktakeSchema.safeParse(form(counts)))).toBe(message)
  })
})
