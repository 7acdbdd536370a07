// Security headers for every response. The proxy sets the nonce-based CSP on pages, route
// handlers and actions; next.config.ts sets the rest on what the proxy does not see (static files).

export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()'
export const HSTS = 'max-age=63072000; includeSubDomains; preload'

interface CspOptions {
  nonce: string
  /** NEXT_PUBLIC_SUPABASE_URL: photos come from its storage, the browser client talks to it */
  supabaseUrl: string
  dev: boolean
}

export function contentSecurityPolicy({ nonce, supabaseUrl, dev }: CspOptions): string {
  const supabase = new URL(supabaseUrl).origin
  const realtime = supabase.replace(/^http/, 'ws')
  return [
    "default-src 'self'",
    // React's dev build evaluates code to rebuild server stacks; production never does.
    // WebAssembly (the barcode decoder) compiles under 'wasm-unsafe-eval', which allows nothing else.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${dev ? " 'unsafe-eval'" : ''}`,
    // Trap: a nonce in style-src would switch 'unsafe-inline' off, and Next and sonner inject style tags.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data: ${supabase}`,
    "font-src 'self' data:",
    `connect-src 'self' ${supabase} ${realtime}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The policy of the decode worker, sent with the app's scripts (a worker takes
 * the policy of its own script's response, not the page's): its chunks and
 * zxing's .wasm from the app's origin only, compiled under 'wasm-unsafe-eval'.
 */
export const WORKER_CONTENT_SECURITY_POLICY = ["default-src 'none'", "script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self'"].join('; ')

/** Headers that do not depend on the request. */
export function staticSecurityHeaders(production: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['X-Frame-Options', 'DENY'],
  ]
  if (production) headers.push(['Strict-Transport-Security', HSTS])
  return headers
}

export function newNonce(): string {
  return Buffer.from(crypto.randomUUID()).toString('base64')
}
