import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, newNonce, staticSecurityHeaders, WORKER_CONTENT_SECURITY_POLICY } from './security-headers'

function directives(csp: string) {
  return new Map(csp.split('; ').map((part) => {
    const [name = '', ...values] = part.split(' ')
    return [name, values] as const
  }))
}

describe('contentSecurityPolicy', () => {
  const base = { nonce: 'abc123', supabaseUrl: 'https://project.supabase.co/', dev: false }

  it('allows scripts by nonce only, never inline, and eval in development only', () => {
    const production = directives(contentSecurityPolicy(base)).get('script-src')
    expect(production).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'", "'wasm-unsafe-eval'"])
    expect(directives(contentSecurityPolicy({ ...base, dev: true })).get('script-src')).toContain("'unsafe-eval'")
  })

  it("lets the barcode decoder's worker compile WebAssembly from the app's own origin, and nothing else: no eval, no other host", () => {
    const worker = directives(WORKER_CONTENT_SECURITY_POLICY)
    expect(worker.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(worker.get('connect-src')).toEqual(["'self'"])
    expect(worker.get('default-src')).toEqual(["'none'"])
    expect(WORKER_CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'")
    expect(contentSecurityPolicy(base)).not.toContain("'unsafe-eval'")
    expect(directives(contentSecurityPolicy(base)).get('worker-src')).toEqual(["'self'", 'blob:'])
  })

  it('lets the Supabase project serve images and answer over https and wss', () => {
    const csp = directives(contentSecurityPolicy(base))
    expect(csp.get('img-src')).toEqual(["'self'", 'blob:', 'data:', 'https://project.supabase.co'])
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://project.supabase.co', 'wss://project.supabase.co'])
    const local = directives(contentSecurityPolicy({ ...base, supabaseUrl: 'http://127.0.0.1:54321' }))
    expect(local.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:54321', 'ws://127.0.0.1:54321'])
  })

  it('forbids framing and plugins, and keeps inline styles (a nonce would switch them off)', () => {
    const csp = directives(contentSecurityPolicy(base))
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
  })
})

describe('staticSecurityHeaders', () => {
  it('sends HSTS in production only and allows the camera to the app itself', () => {
    const production = new Map(staticSecurityHeaders(true))
    expect(production.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains; preload')
    expect(production.get('Permissions-Policy')).toMatch(/^camera=\(self\), microphone=\(\), geolocation=\(\)/)
    expect(production.get('X-Content-Type-Options')).toBe('nosniff')
    expect(production.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(new Map(staticSecurityHeaders(false)).has('Strict-Transport-Security')).toBe(false)
  })
})

describe('newNonce', () => {
  it('is fresh each time and safe inside a CSP source', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]+=*$/)
  })
})
