import { describe, expect, it } from 'vitest'
import { createSupplierSchema, updateSupplierSchema } from './supplier'

const firstError = (input: Record<string, unknown>) => {
  const parsed = createSupplierSchema.safeParse(input)
  return parsed.success ? null : parsed.error.issues[0]!.message
}

describe('supplier form', () => {
  it('keeps what was typed, trimmed, with blanks as nothing and a week as the default lead time', () => {
    expect(createSupplierSchema.parse({ name: ' Dairy Direct ', email: ' orders@dairy.example ', phone: '+44 20 7946 0958', lead_time_days: '3', notes: ' Tuesdays ' })).toEqual({
      name: 'Dairy Direct',
      email: 'orders@dairy.example',
      phone: '+44 20 7946 0958',
      lead_time_days: 3,
      notes: 'Tuesdays',
    })
    expect(createSupplierSchema.parse({ name: 'Bakery', email: '', phone: ' ', lead_time_days: '', notes: '' })).toEqual({
      name: 'Bakery',
      email: null,
      phone: null,
      lead_time_days: 7,
      notes: null,
    })
  })

  it('says what is wrong with each field', () => {
    expect(firstError({ name: '  ' })).toBe('Supplier name is required')
    expect(firstError({ name: 'x'.repeat(121) })).toBe('Supplier name must be 120 characters or less')
    expect(firstError({ name: 'A', email: 'not-an-email' })).toBe('Please enter a valid email address')
    expect(firstError({ name: 'A', phone: 'call me' })).toBe('Please enter a phone number, like +44 20 7946 0958')
    expect(firstError({ name: 'A', lead_time_days: '-1' })).toBe('Lead time must be a whole number 0 or more')
    expect(firstError({ name: 'A', lead_time_days: '2.5' })).toBe('Lead time must be a whole number 0 or more')
    expect(firstError({ name: 'A', lead_time_days: '400' })).toBe('Lead time must be 365 days or less')
    expect(firstError({ name: 'A', notes: 'n'.repeat(1001) })).toBe('Notes must be 1000 characters or less')
    expect(updateSupplierSchema.safeParse({ name: 'A', id: 'nope' }).error?.issues[0]?.message).toBe('Supplier not found')
  })
})
