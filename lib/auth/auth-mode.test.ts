import { describe, expect, it } from 'vitest'
import { parseAuthMode, signUpHref } from './auth-mode'

describe('auth mode', () => {
  it.each([
    ['sign-up', 'sign-up'],
    ['sign-in', 'sign-in'],
    [undefined, 'sign-in'],
    ['SIGN-UP', 'sign-in'],
    [['sign-up', 'sign-up'], 'sign-in'],
  ] as const)('%j → %s', (mode, expected) => {
    expect(parseAuthMode(mode as string | string[] | undefined)).toBe(expected)
  })

  it('links to sign-up, keeping where the visitor was going', () => {
    expect(signUpHref('/upload')).toBe('/auth?mode=sign-up&next=%2Fupload')
  })
})
