import { describe, expect, it } from 'vitest'
import { clientAddress } from './client-address'

describe('clientAddress', () => {
  const headers = new Headers({ 'x-real-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1, 10.0.0.1' })

  it('trusts no header unless the deployment names one', () => {
    expect(clientAddress(headers, undefined)).toBeNull()
    expect(clientAddress(headers, '')).toBeNull()
  })

  it('reads the named header, the first address of a list', () => {
    expect(clientAddress(headers, 'x-real-ip')).toBe('203.0.113.7')
    expect(clientAddress(headers, 'X-Forwarded-For')).toBe('198.51.100.1')
    expect(clientAddress(new Headers({ 'x-real-ip': ' 2001:db8::1 ' }), 'x-real-ip')).toBe('2001:db8::1')
  })

  it('is null when the named header is missing or not an address', () => {
    expect(clientAddress(new Headers(), 'x-real-ip')).toBeNull()
    for (const value of ['unknown', 'evil.example', '203.0.113.7:443', '<script>', '999.1.1.1']) {
      expect(clientAddress(new Headers({ 'x-real-ip': value }), 'x-real-ip')).toBeNull()
    }
  })
})
