import bcrypt from 'bcryptjs'
import { describe, expect, it } from 'vitest'
import { AuthError } from './auth-errors.ts'
import { assertStrongPassword, hashPassword, verifyPassword, weakPassword } from './passwords.ts'

describe('passwords', () => {
  it('hashes as GoTrue does ($2a$, cost 10) and verifies', async () => {
    const hash = await hashPassword('s3cret-pass')
    expect(hash).toMatch(/^\$2a\$10\$.{53}$/)
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true)
    expect(await verifyPassword('s3cret-pasS', hash)).toBe(false)
  })

  it('verifies $2b$ and $2y$ hashes and refuses empty or foreign ones', async () => {
    const b = bcrypt.hashSync('pw-123456', 4)
    expect(b.startsWith('$2b$04$')).toBe(true)
    expect(await verifyPassword('pw-123456', b)).toBe(true)
    expect(await verifyPassword('pw-123456', b.replace('$2b$', '$2y$'))).toBe(true)
    for (const hash of [null, '', 'plain-text', '$argon2id$v=19$m=65536']) {
      expect(await verifyPassword('pw-123456', hash)).toBe(false)
    }
  })

  it('counts characters, not bytes, for the minimum and bytes for the bcrypt maximum', () => {
    expect(weakPassword('ééééé', 6)).toEqual({ message: 'Password should be at least 6 characters.', reasons: ['length'] })
    expect(weakPassword('éééééé', 6)).toBeNull()
    expect(() => assertStrongPassword('é'.repeat(37), 6)).toThrow('Password cannot be longer than 72 characters')
    expect(() => assertStrongPassword('é'.repeat(36), 6)).not.toThrow()
    try {
      assertStrongPassword('abc', 8)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(AuthError)
      expect(error).toMatchObject({ status: 422, code: 'weak_password', extra: { weak_password: { reasons: ['length'] } } })
    }
  })
})
