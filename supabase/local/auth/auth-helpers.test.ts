import { describe, expect, it } from 'vitest'
import { pkceMatches } from './grants.ts'
import { validateEmail } from './signup.ts'
import { mergeMetadata } from './user-routes.ts'

describe('pkceMatches', () => {
  // RFC 7636, appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

  it('checks S256 (any case) and plain, and refuses other methods', () => {
    expect(pkceMatches(verifier, challenge, 's256')).toBe(true)
    expect(pkceMatches(verifier, challenge, 'S256')).toBe(true)
    expect(pkceMatches(`${verifier}x`, challenge, 's256')).toBe(false)
    expect(pkceMatches(verifier, verifier, 'plain')).toBe(true)
    expect(pkceMatches(verifier, challenge, 'plain')).toBe(false)
    expect(pkceMatches(verifier, verifier, 's512')).toBe(false)
  })
})

describe('validateEmail', () => {
  it('trims and lowercases valid addresses', () => {
    expect(validateEmail('  Ada.Lovelace+shop@Example.COM ')).toBe('ada.lovelace+shop@example.com')
  })

  it.each([
    [undefined, 'An email address is required'],
    ['   ', 'An email address is required'],
    ['no-at-sign', 'Unable to validate email address: invalid format'],
    ['a@-bad-.com', 'Unable to validate email address: invalid format'],
    ['a b@example.com', 'Unable to validate email address: invalid format'],
    [`${'x'.repeat(250)}@e.com`, 'An email address is too long'],
  ])('refuses %j', (email, message) => {
    expect(() => validateEmail(email)).toThrow(message)
  })
})

describe('mergeMetadata', () => {
  it('merges keys, replaces values and removes keys set to null', () => {
    expect(mergeMetadata({ a: 1, b: { c: 2 }, d: 'x' }, { b: { e: 3 }, d: null, f: false })).toEqual({
      a: 1,
      b: { e: 3 },
      f: false,
    })
  })

  it('keeps a "__proto__" key from JSON as data', () => {
    const merged = mergeMetadata({}, JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'))
    expect(JSON.stringify(merged)).toBe('{"__proto__":{"polluted":true},"a":1}')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
