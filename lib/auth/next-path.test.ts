import { describe, expect, it } from 'vitest'
import { safeNextPath } from './next-path'

describe('safeNextPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/app/products?q=milk&page=2', '/app/products?q=milk&page=2'],
    ['/upload#start', '/upload#start'],
    ['/auth/update-password', '/auth/update-password'],
    ['/app/../dashboard', '/dashboard'],
    ['/a//b', '/a//b'],
    ['dashboard', '/dashboard'],
    // same scheme and no authority: a relative path, as a browser reads it too
    ['http:/evil.example', '/evil.example'],
  ])('keeps the same-site path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected)
  })

  it('keeps a full URL of the app itself, as a path', () => {
    expect(safeNextPath('http://127.0.0.1:3000/reports?period=week', '/', 'http://127.0.0.1:3000')).toBe('/reports?period=week')
  })

  // Known open-redirect payloads: each must fall back, never name another host.
  const payloads = [
    '//evil.example',
    '///evil.example',
    '////evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '\\/\\/evil.example',
    '/..//evil.example',
    '/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/%2e./%2e%2e//evil.example',
    '/./..//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/\\\tevil.example',
    'https://evil.example/',
    'http://evil.example',
    'HTTPS://evil.example',
    'hTTp://evil.example',
    'https:evil.example',
    'https:/evil.example',
    'https:\\\\evil.example',
    '//evil.example@127.0.0.1',
    '//user@evil.example',
    'https://127.0.0.1@evil.example',
    'https://shelfsnap.invalid@evil.example',
    '//127.0.0.1:54621/auth/v1/health',
    '/..//127.0.0.1:54621/auth/v1/health',
    'javascript:alert(1)',
    'JavaScript:alert(document.domain)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://evil.example',
    '//evil.example%2f%2e%2e',
    '//evil%E3%80%82example',
    'http://[::1]:54321/',
    'https://evil.example/\\@127.0.0.1',
    'https://xn--e1awd7f.example/',
    '\\\\\\evil.example',
  ]

  it('has at least 40 payloads', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(40)
  })

  it.each(payloads)('refuses %j', (next) => {
    expect(safeNextPath(next, '/dashboard')).toBe('/dashboard')
  })

  it.each(payloads)('refuses %j when the own origin is known', (next) => {
    expect(safeNextPath(next, '/dashboard', 'http://127.0.0.1:3000')).toBe('/dashboard')
  })

  // Unicode look-alikes of / and \ are not slashes to a URL parser: they stay in the path, percent-encoded.
  it.each(['/\uFF0F\uFF0Fevil.example', '/\u2215\u2215evil.example', '/\uFF3Cevil.example', '/%2f%2fevil.example', '/%5c%5cevil.example'])(
    'keeps %j on this site, as a path that starts with one slash',
    (next) => {
      const path = safeNextPath(next, '/dashboard')
      expect(path).toMatch(/^\/[^/\\]/)
      expect(new URL(path, 'http://127.0.0.1:3000').origin).toBe('http://127.0.0.1:3000')
    },
  )

  it.each([null, undefined, ''])('falls back for %j', (next) => {
    expect(safeNextPath(next)).toBe('/')
  })
})
