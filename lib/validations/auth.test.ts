import { describe, expect, it } from 'vitest'
import { signInSchema, signUpSchema } from './auth'

const valid = { email: 'owner@example.com', password: 'secret1', fullName: 'Sam Shopkeeper' }
const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`

function firstError(schema: typeof signInSchema | typeof signUpSchema, input: object) {
  const result = schema.safeParse({ ...valid, ...input })
  return result.success ? null : result.error.issues[0]?.message
}

// Spec section 5, word for word.
describe.each([
  ['sign-in', signInSchema],
  ['sign-up', signUpSchema],
] as const)('%s', (_mode, schema) => {
  it.each([
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: 'shop@local' }, 'Invalid email address'],
    [{ email: longEmail }, 'Email must be less than 255 characters'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ password: 'p'.repeat(101) }, 'Password must be less than 100 characters'],
  ])('%j → %s', (input, message) => {
    expect(firstError(schema, input)).toBe(message)
  })

  it('trims the email and accepts the limits', () => {
    expect(schema.parse({ ...valid, email: '  owner@example.com  ' }).email).toBe('owner@example.com')
    expect(firstError(schema, { password: 'p'.repeat(6) })).toBeNull()
    expect(firstError(schema, { password: 'p'.repeat(100) })).toBeNull()
  })
})

describe('sign-up full name', () => {
  it.each([
    [{ fullName: 'S' }, 'Name must be at least 2 characters'],
    [{ fullName: '   S   ' }, 'Name must be at least 2 characters'],
    [{ fullName: 'N'.repeat(101) }, 'Name must be less than 100 characters'],
  ])('%j → %s', (input, message) => {
    expect(firstError(signUpSchema, input)).toBe(message)
  })

  it('is trimmed', () => {
    expect(signUpSchema.parse({ ...valid, fullName: '  Sam  ' }).fullName).toBe('Sam')
  })
})
