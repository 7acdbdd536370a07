import { describe, expect, it } from 'vitest'
import { confirmTwoFactorSchema, signInCodeSchema, TOTP_CODE_MESSAGE } from './two-factor'

const factorId = '0b7f3a52-8d1c-4a57-9b1e-3f0c2d4e5a6b'

describe('two-factor codes', () => {
  it('takes six digits, with the spaces apps show dropped', () => {
    expect(signInCodeSchema.parse({ code: '123 456' }).code).toBe('123456')
    expect(confirmTwoFactorSchema.parse({ factorId, code: ' 000111 ' })).toEqual({ factorId, code: '000111' })
  })

  it.each(['', '12345', '1234567', '12a456', '１２３４５６', null])('refuses %j with one clear message', (code) => {
    const result = signInCodeSchema.safeParse({ code })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(TOTP_CODE_MESSAGE)
  })

  it('refuses a factor id that is not one', () => {
    expect(confirmTwoFactorSchema.safeParse({ factorId: 'x', code: '123456' }).success).toBe(false)
  })
})
