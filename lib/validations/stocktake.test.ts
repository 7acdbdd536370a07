import { describe, expect, it } from 'vitest'
import { addPhotoSchema, confirmStocktakeSchema, reviewEditSchema, sideTimeSchema, STOCKTAKE_NOT_FOUND } from './stocktake'
import { PHOTO_HEADER_BYTES } from '@/lib/stocktakes/photo-limits'

const session = '22222222-2222-4222-8222-222222222222'
const product = '33333333-3333-4333-8333-333333333333'
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('addPhotoSchema', () => {
  const photo = { session_id: session, side: 'start', path: 'x' }

  it('accepts a photo with or without the first bytes of its original file', () => {
    expect(addPhotoSchema.parse(photo)).toEqual(photo)
    const header = new File([new Uint8Array(10)], 'h.jpg')
    expect(addPhotoSchema.parse({ ...photo, header }).header).toBe(header)
  })

  it.each([
    [{ side: 'middle' }, 'Choose Start of Day or End of Day'],
    [{ session_id: 'nope' }, STOCKTAKE_NOT_FOUND],
    [{ path: '' }, 'Upload the photo first'],
    [{ header: 'text, not a file' }, 'The photo could not be read'],
    [{ header: new File([new Uint8Array(PHOTO_HEADER_BYTES + 1)], 'h.jpg') }, 'The photo could not be read'],
  ])('refuses %j', (change, message) => {
    expect(firstError(addPhotoSchema.safeParse({ ...photo, ...change }))).toBe(message)
  })
})

describe('reviewEditSchema', () => {
  it('reads each kind of change, numbers from the form as numbers', () => {
    expect(reviewEditSchema.parse({ session_id: session, field: 'coverage', value: 'all' })).toEqual({ session_id: session, field: 'coverage', value: 'all' })
    expect(reviewEditSchema.parse({ session_id: session, product_id: product, field: 'end_count', value: '7' })).toMatchObject({ value: 7 })
    expect(reviewEditSchema.parse({ session_id: session, product_id: product, field: 'product_coverage', value: 'default' })).toMatchObject({ value: 'default' })
  })

  it.each([
    [{ field: 'qty', value: '1' }, 'This change could not be read. Reload the page and try again.'],
    [{ field: 'start_count', value: '-2' }, 'The morning count cannot be negative'],
    [{ field: 'end_count', value: '1.5' }, 'The evening count must be a whole number'],
    [{ field: 'moved', value: '1000001' }, 'Units moved from storage must be at most 1,000,000'],
    [{ field: 'absent', value: 'maybe' }, 'Choose keep as is or set to 0'],
    [{ field: 'end_count', value: '1', product_id: "1' or 1=1" }, 'This product is not in the stocktake'],
  ])('refuses %j', (change, message) => {
    expect(firstError(reviewEditSchema.safeParse({ session_id: session, product_id: product, ...change }))).toBe(message)
  })
})

describe('confirmStocktakeSchema', () => {
  it('takes the version of the review the owner saw', () => {
    const version = 'a'.repeat(32)
    expect(confirmStocktakeSchema.parse({ session_id: session, version })).toEqual({ session_id: session, version })
  })

  it.each([[''], ['A'.repeat(32)], ['a'.repeat(31)], ["' or 1=1 --"]])('refuses the version %j', (version) => {
    expect(firstError(confirmStocktakeSchema.safeParse({ session_id: session, version }))).toBe('The review could not be read. Reload the page and try again.')
  })
})

describe('sideTimeSchema', () => {
  it('takes a datetime-local value, or nothing to go back to the photos’ times', () => {
    expect(sideTimeSchema.parse({ session_id: session, side: 'end', time: '2026-11-23T18:05' }).time).toBe('2026-11-23T18:05')
    expect(sideTimeSchema.parse({ session_id: session, side: 'end', time: '' }).time).toBe('')
  })

  it.each([['18:05'], ['2026-11-23T18:05Z'], ['tomorrow']])('refuses %j', (time) => {
    expect(firstError(sideTimeSchema.safeParse({ session_id: session, side: 'end', time }))).toBe('Enter a date and time')
  })
})
