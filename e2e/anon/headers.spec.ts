import { expect, test, type APIResponse, type Page, type Response } from '@playwright/test'
import { ZXING_WASM_VERSION } from 'zxing-wasm/reader'
import { OWNER_STATE } from '../_helpers/catalogue'

type Headers = Record<string, string>

// Headers are the server's: the phone project checks them, the desktop one skips them.
const ANY_VIEWPORT = { tag: '@any-viewport' }

function expectStaticSecurityHeaders(headers: Headers) {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=(), usb=()')
  expect(headers['x-powered-by']).toBeUndefined()
  // next start runs with NODE_ENV=production
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload')
}

/** Every response the proxy answers: the static headers and a nonce CSP without inline scripts. */
function expectSecurityHeaders(headers: Headers): string {
  expectStaticSecurityHeaders(headers)
  const csp = headers['content-security-policy'] ?? ''
  const directives = new Map(csp.split(';').map((part) => {
    const [name = '', ...values] = part.trim().split(/\s+/)
    return [name, values] as const
  }))
  const scripts = directives.get('script-src') ?? []
  const nonce = scripts.find((value) => value.startsWith("'nonce-"))
  expect(nonce, csp).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}'$/)
  expect(scripts).toContain("'strict-dynamic'")
  // WebAssembly (the barcode decoder) compiles; nothing is evaluated from strings.
  expect(scripts).toContain("'wasm-unsafe-eval'")
  expect(scripts).not.toContain("'unsafe-inline'")
  expect(scripts).not.toContain("'unsafe-eval'")
  expect(directives.get('frame-ancestors')).toEqual(["'none'"])
  expect(directives.get('object-src')).toEqual(["'none'"])
  return nonce!.slice("'nonce-".length, -1)
}

function headersOf(response: APIResponse | Response): Headers {
  return response.headers()
}

/** CSP violations the page reports (console and securitypolicyviolation events). */
function watchViolations(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
  })
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load ${event.blockedURI} (${event.violatedDirective}) on ${location.pathname} from ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  return violations
}

test('a page carries every security header and its scripts the per-request nonce', ANY_VIEWPORT, async ({ request, page }) => {
  const first = await request.get('/auth')
  const second = await request.get('/auth')
  expect(first.status()).toBe(200)
  const nonce = expectSecurityHeaders(headersOf(first))
  expect(expectSecurityHeaders(headersOf(second))).not.toBe(nonce)
  // Next puts the nonce on its own scripts: every script tag in the HTML has this request's nonce.
  const html = await first.text()
  const scripts = html.match(/<script\b[^>]*>/g) ?? []
  expect(scripts.length).toBeGreaterThan(0)
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)

  const violations = watchViolations(page)
  for (const path of ['/', '/auth']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  expect(violations).toEqual([])
})

test('a server action response carries the headers too', ANY_VIEWPORT, async ({ page }) => {
  await page.goto('/auth')
  await page.getByLabel('Email').fill('nobody@example.com')
  await page.getByLabel('Password').fill('not-the-password-1')
  const action = page.waitForResponse((response) => response.request().headers()['next-action'] !== undefined)
  await page.getByRole('button', { name: 'Sign In' }).click()
  const response = await action
  expect(response.status()).toBe(200)
  expectSecurityHeaders(headersOf(response))
})

test('a refused server action (unsupported content type) still carries the headers', ANY_VIEWPORT, async ({ request }) => {
  const response = await request.post('/auth', {
    headers: { 'Next-Action': '0'.repeat(42), 'Content-Type': 'application/xml' },
    data: '<a/>',
  })
  expect(response.status()).toBe(415)
  expectSecurityHeaders(headersOf(response))
})

test('static files have the static headers; favicon, icons and manifest exist', ANY_VIEWPORT, async ({ request, page }) => {
  await page.goto('/auth')
  const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src')
  const asset = await request.get(script!)
  expect(asset.status()).toBe(200)
  expectStaticSecurityHeaders(headersOf(asset))
  // A worker runs under its own script's policy: the app's scripts carry the decode worker's.
  expect(headersOf(asset)['content-security-policy']).toBe("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'")
  // zxing's wasm from the app's own origin, versioned and cached for good.
  const wasm = await request.get(`/zxing/${ZXING_WASM_VERSION}/zxing_reader.wasm`)
  expect(wasm.status()).toBe(200)
  expect(wasm.headers()['content-type']).toBe('application/wasm')
  expect(wasm.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect((await wasm.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]))
  expect((await request.get('/zxing/0.0.0/zxing_reader.wasm')).status()).toBe(404)

  for (const [path, type] of [
    ['/favicon.ico', 'image/x-icon'],
    ['/icon.svg', 'image/svg+xml'],
    ['/apple-icon.png', 'image/png'],
  ]) {
    const response = await request.get(path!)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-type'], path).toContain(type)
    expectStaticSecurityHeaders(headersOf(response))
  }
  const manifest = await request.get('/manifest.webmanifest')
  expect(manifest.status()).toBe(200)
  expect(await manifest.json()).toMatchObject({ name: 'ShelfSnap', theme_color: '#3b3fb5', background_color: '#ffffff' })
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveCount(1)
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1)
})

test.describe('signed in', ANY_VIEWPORT, () => {
  test.use({ storageState: OWNER_STATE })

  test('a route handler carries the headers', async ({ page }) => {
    await page.goto('/app/products')
    const response = await page.request.get('/app/products/export')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/csv')
    expectSecurityHeaders(headersOf(response))
  })

  test('signed-in pages load without a CSP violation', async ({ page }) => {
    const violations = watchViolations(page)
    for (const path of ['/app/products', '/dashboard', '/upload', '/app/products/new', '/app/products/import', '/app/products/labels']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      expectSecurityHeaders(headersOf(response!))
      await page.waitForLoadState('networkidle')
    }
    expect(violations).toEqual([])
  })
})

test('a query with control characters is cleaned before any page sees it', ANY_VIEWPORT, async ({ request }) => {
  const response = await request.get('/auth?next=%2Fapp%00%01x', { maxRedirects: 0 })
  expect(response.status()).toBe(307)
  expect(response.headers().location).toMatch(/\/auth\?next=%2Fappx$/)
  expectSecurityHeaders(headersOf(response))
})
