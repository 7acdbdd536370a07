// Against a production build: the stack stopped, frozen and restarted while Next keeps running,
// and malformed server-action requests. One build and one `next start` for the whole file.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MALFORMED_CALL_MESSAGE } from '@/lib/actions/validated-action'
import { BACKEND_DEADLINE_MS } from '@/lib/supabase/deadline-fetch'
import { BACKEND_VOUCHED_MS } from '@/lib/http/backend-health'
import { BACKEND_UNREACHABLE_MESSAGE, OUTAGE_TITLE } from '@/lib/http/outage'
import { PROTECTED_PREFIXES } from '@/lib/supabase/proxy'
import { SHOP_COOKIE } from '@/lib/shops/shop-choice'
import { PUBLISHABLE_KEY } from '@/supabase/local/config'
import { startStack, type Stack } from '@/supabase/local/stack'
import { ownerWithShop, addProduct, type Owner } from '@/test/support/catalogue-test-data'
import { cookieHeader, sessionCookies } from '@/test/support/session-cookies'
import { appRoutes, buildApp, fillRoute, freshFetch, serverAction, serverActions, startApp, type App } from './app-under-test'
import { sendMalformed, type Answer } from './malformed-actions'
import { startBackendHop, type BackendHop } from '@/test/support/backend-hop'

const dataDir = mkdtempSync(join(tmpdir(), 'shelfsnap-faults-'))
let stack: Stack
let stackPort = 0
let gateway: BackendHop
let app: App
let owner: Owner
let productId: string
let cookie: string
/** the ids that fill every dynamic signed-in route */
let ids: Record<string, string>

async function startBackend() {
  stack = await startStack({ dataDir, port: stackPort, seedFile: null, config: { publicUrl: `http://127.0.0.1:${gateway.port}` } })
  stackPort = stack.config.port
}

function get(path: string) {
  return freshFetch(`${app.url}${path}`, { headers: { cookie } })
}

/** The page once the app sees the backend back: a failed check of the database counts for a second. */
async function once200(path: string): Promise<Response> {
  for (const started = Date.now(); ; ) {
    const response = await get(path)
    if (response.status === 200 || Date.now() - started > 5_000) return response
    await response.text()
    await new Promise((done) => setTimeout(done, 250))
  }
}

/** A server action called as Next's client calls it: (previous state, FormData) as multipart. */
function callAction(action: { id: string; page: string }, fields: Record<string, string>) {
  const body = new FormData()
  // React's reply encoding: the FormData argument's fields under `_1_`, the arguments in field 0.
  for (const [name, value] of Object.entries(fields)) body.append(`_1_${name}`, value)
  body.append('0', JSON.stringify([{ ok: false }, '$K1']))
  return freshFetch(`${app.url}${action.page}`, { method: 'POST', headers: { cookie, 'Next-Action': action.id }, body })
}

async function productStillThere() {
  const { rows } = await stack.db.query('select name, qty from products where id = $1', [productId])
  return rows[0]
}

function expectSessionKept(response: Response) {
  const cleared = response.headers.getSetCookie().filter((line) => /^sb-[^=]*=;|max-age=0/i.test(line))
  expect(cleared).toEqual([])
}

/**
 * The error boundary's outage view with its reference, and no internals. /app/products streams
 * from its loading.tsx, so the status is already sent (200) by then: only the proxy can say 503.
 */
async function expectOutageBoundary(response: Response) {
  expect([200, 500]).toContain(response.status)
  const html = await response.text()
  for (const internal of ['fetch failed', 'BackendUnreachableError', 'TypeError', 'ECONNRESET']) expect(html).not.toContain(internal)
  expect(html).toMatch(/OUTAGE-[0-9a-f]{8}/)
  expectSessionKept(response)
}

async function expectOutagePage(response: Response, what = response.url) {
  expect(response.status, what).toBe(503)
  expect(response.headers.get('retry-after')).toBe('5')
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  const html = await response.text()
  expect(html).toContain(OUTAGE_TITLE)
  expect(html).toMatch(/<meta http-equiv="refresh" content="5">/)
  expectSessionKept(response)
}

// CI's second pass (PostgreSQL under the stack) sets this: these tests run a stack of their own.
describe.skipIf(process.env.SHELFSNAP_SKIP_FAULT_TESTS === '1')('faults', () => {
  beforeAll(async () => {
    const supabasePort = await buildApp()
    gateway = await startBackendHop(supabasePort, () => stackPort)
    await startBackend()
    app = await startApp(supabasePort)
    owner = await ownerWithShop({ ...stack, url: `http://127.0.0.1:${gateway.port}` }, 'Fault Shop')
    productId = await addProduct(owner, { name: 'Written before the outage', qty: 7 })
    cookie = cookieHeader(await sessionCookies(`http://127.0.0.1:${gateway.port}`, PUBLISHABLE_KEY, owner))
    const { data: supplier } = await owner.client.from('suppliers').insert({ shop_id: owner.shopId, name: 'Dairy Direct' }).select('id').single().throwOnError()
    const { data: order } = await owner.client
      .rpc('create_purchase_order', { p_supplier_id: supplier.id, p_lines: [{ product_id: productId, packs: 1 }] })
      .single<{ id: string }>()
      .throwOnError()
    const { data: session } = await owner.client.rpc('open_count_session').single<{ id: string }>().throwOnError()
    ids = { id: productId, supplier: supplier.id as string, order: order.id, session: session.id }
  }, 900_000)

  /** Every signed-in page and export the build serves, dynamic ones filled with this owner's ids. */
  function signedInPaths(): string[] {
    const routes = appRoutes().filter((route) => PROTECTED_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`)))
    return routes.map((route) => {
      const param = /\[(\w+)\]/.exec(route)?.[1]
      const value = route.startsWith('/app/suppliers/') ? ids.supplier : route.startsWith('/app/purchase-orders/') ? ids.order : route.startsWith('/stocktakes/') ? ids.session : ids.id
      return fillRoute(route, param ? { [param]: value! } : {})!
    })
  }

  afterAll(async () => {
    await app?.stop()
    await gateway?.close()
    await stack?.stop().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  })

  describe('requests per page', () => {
    it("asks for the member's shops once, then each page for its own data alone", async () => {
      // the database's requests; not the signing keys (kept for minutes) nor the proxy's health check (for seconds)
      const data = (paths: string[]) => paths.filter((path) => path.startsWith('/rest/v1/') && path !== '/rest/v1/rpc/backend_health')
      // a shop cookie this owner's pages have not been drawn with: a key of its own in the cache
      const view = async () => {
        const response = await freshFetch(`${app.url}/app/products`, { headers: { cookie: `${cookie}; ${SHOP_COOKIE}=${owner.shopId}` } })
        expect(response.status).toBe(200)
        expect(await response.text()).toContain('Written before the outage')
      }
      gateway.seen.length = 0
      await view()
      expect(data(gateway.seen).toSorted()).toEqual(['/rest/v1/rpc/catalogue', '/rest/v1/rpc/my_shops'])
      gateway.seen.length = 0
      await view()
      await view()
      expect(data(gateway.seen)).toEqual(['/rest/v1/rpc/catalogue', '/rest/v1/rpc/catalogue'])
    })
  })

  describe('product pages', () => {
    it("answer 404, not a page that streamed first, for an id that is no product of the shop's", async () => {
      const other = await ownerWithShop({ ...stack, url: `http://127.0.0.1:${gateway.port}` }, 'Other Fault Shop')
      const theirs = await addProduct(other, { name: 'Not yours', qty: 1 })
      for (const path of [`/app/products/${randomUUID()}`, `/app/products/${theirs}`, '/app/products/not-a-product', `/app/products/${randomUUID()}/edit`, `/app/products/${theirs}/edit`]) {
        const response = await get(path)
        expect(response.status, path).toBe(404)
        const html = await response.text()
        expect(html, path).toContain('Oops! Page not found')
        // the tab says so too (it said "Product")
        expect(html, path).toContain('<title>Page not found · ShelfSnap</title>')
      }
      for (const [path, title] of [
        [`/app/products/${productId}`, 'Written before the outage'],
        [`/app/products/${productId}/edit`, 'Edit Written before the outage'],
      ] as const) {
        const response = await get(path)
        expect(response.status, path).toBe(200)
        expect(await response.text(), path).toContain(`<title>${title} · ShelfSnap</title>`)
      }
    })
  })

  describe('the backend fails while the app runs', () => {
    it('answers normally while the stack is up', async () => {
      const page = await get('/app/products')
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Written before the outage')
    })

    it('stopped: protected pages answer 503 and keep the session, actions and sign-in say so; then it recovers', async () => {
      await stack.stop()
      try {
        // Access tokens are ES256, checked against the cached JWKS without asking the stack; with no
        // recent answer to vouch for the database, the proxy asks it before drawing a page.
        await new Promise((done) => setTimeout(done, BACKEND_VOUCHED_MS + 200))
        await expectOutagePage(await get('/app/products'))
        await expectOutagePage(await get('/dashboard'))

        const deleting = await callAction(serverAction('deleteProduct', 'lib/actions/delete-product.ts', { id: productId }), { id: productId })
        expect(deleting.status).toBe(200)
        expect(await deleting.text()).toContain(BACKEND_UNREACHABLE_MESSAGE)
        expectSessionKept(deleting)

        const signingIn = await callAction(serverAction('signIn', 'lib/actions/sign-in.ts'), { email: owner.email, password: owner.password })
        const answer = await signingIn.text()
        expect(answer).toContain(BACKEND_UNREACHABLE_MESSAGE)
        expect(answer).not.toContain('fetch failed')
      } finally {
        await startBackend()
      }
      const page = await once200('/app/products')
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Written before the outage')
      expect(await productStillThere()).toEqual({ name: 'Written before the outage', qty: 7 })
    })

    it('frozen: a page gives up after the deadline, not after the freeze, then answers 503; then it recovers', async () => {
      // An answer just now vouches for the database: the next page finds the freeze by its own read.
      await (await get('/app/products')).text()
      gateway.freeze()
      try {
        const started = performance.now()
        const response = await get('/app/products')
        await expectOutageBoundary(response)
        const waited = performance.now() - started
        expect(waited).toBeGreaterThanOrEqual(BACKEND_DEADLINE_MS - 500)
        expect(waited).toBeLessThan(BACKEND_DEADLINE_MS * 2)
        await expectOutagePage(await get('/app/products'))
      } finally {
        gateway.thaw()
      }
      // Read to the end: a page still streaming when the next test cuts the database would fail late.
      const page = await once200('/app/products')
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Written before the outage')
      expect(await productStillThere()).toEqual({ name: 'Written before the outage', qty: 7 })
    }, 60_000)

    it('frozen: every signed-in page and export answers the same 503 outage page, and the dashboard data says so in words', async () => {
      const paths = signedInPaths()
      expect(paths.length).toBeGreaterThanOrEqual(20)
      gateway.freeze()
      try {
        // The last answer no longer vouches for the database: the proxy asks before drawing a page.
        await new Promise((done) => setTimeout(done, BACKEND_VOUCHED_MS + 200))
        for (const path of paths) await expectOutagePage(await get(path), path)
        const dashboard = serverAction('loadDashboard', 'lib/actions/load-dashboard.ts')
        const data = await freshFetch(`${app.url}${dashboard.page}`, {
          method: 'POST',
          headers: { cookie, 'Next-Action': dashboard.id, 'Content-Type': 'text/plain;charset=UTF-8' },
          body: '[]',
        })
        expect(data.status).toBe(200)
        expect(await data.text()).toContain(BACKEND_UNREACHABLE_MESSAGE)
      } finally {
        gateway.thaw()
      }
      const page = await once200('/settings')
      expect(page.status).toBe(200)
      await page.text()
    }, 120_000)

    it('the database dies mid-request: no internals on screen, the detail in the log; the next request answers 503', async () => {
      await (await get('/upload')).text()
      gateway.cut('/rest/v1')
      try {
        const page = await get('/upload')
        // The page failed before streaming began: Next answers 500 (it has no way to say 503 from a render).
        expect(page.status).toBe(500)
        const html = await page.text()
        for (const internal of ['fetch failed', 'BackendUnreachableError', 'TypeError', 'ECONNRESET']) expect(html).not.toContain(internal)
        const reference = /OUTAGE-[0-9a-f]{8}/.exec(html)?.[0]
        expect(reference).toBeDefined()
        expect(app.log()).toContain(reference)
        await expectOutagePage(await get('/upload'))
      } finally {
        gateway.cut(null)
      }
      const recovered = await once200('/upload')
      expect(recovered.status).toBe(200)
      await recovered.text()
    })

    it('never shows an internal error: a NUL in the query is dropped before any query', async () => {
      const response = await get('/app/products?q=%00milk')
      expect(response.status).toBe(307)
      expect(response.headers.get('location')).toMatch(/\/app\/products\?q=milk$/)
      const page = await get('/app/products?q=milk')
      expect(page.status).toBe(200)
      expect(await page.text()).not.toContain('invalid byte sequence')
    })
  })

  describe('signing out', () => {
    it('re-renders each signed-in page signed out without logging a failure to read it', async () => {
      const { id } = serverAction('signOut', 'lib/actions/sign-out.ts')
      const pages = appRoutes('page').filter((route) => !route.includes('[') && PROTECTED_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`)))
      expect(pages).toContain('/app/products')
      for (const page of pages) {
        const leaving = await ownerWithShop({ ...stack, url: `http://127.0.0.1:${gateway.port}` }, 'Leaving Shop')
        const leavingCookie = cookieHeader(await sessionCookies(`http://127.0.0.1:${gateway.port}`, PUBLISHABLE_KEY, leaving))
        const body = new FormData()
        body.append('0', JSON.stringify([{ ok: false }, '$K1']))
        const logged = app.log().length
        const response = await freshFetch(`${app.url}${page}`, { method: 'POST', headers: { cookie: leavingCookie, 'Next-Action': id }, body })
        expect(response.status, page).toBeLessThan(400)
        expect(response.headers.getSetCookie().some((line) => /^sb-[^=]*=;|max-age=0/i.test(line)), page).toBe(true)
        await response.text()
        expect(app.log().slice(logged), page).not.toMatch(/could not be read|permission denied|Error/)
      }
    })
  })

  describe('malformed server-action requests answer 4xx and change nothing', () => {
    it('every action in the build, sent each wrong-shaped body, answers without a 500 and in plain words', async () => {
      const before = await stack.db.query('select id, name, qty from products order by id')
      const answers: Answer[] = []
      for (const action of serverActions()) {
        const page = action.routes.map((route) => fillRoute(route, ids)).find((route) => route !== null)!
        answers.push(...(await sendMalformed(app.url, { ...action, page }, cookie)))
        // and signed out, where the page is open to visitors (the sign-in form, the landing page)
        if (!PROTECTED_PREFIXES.some((prefix) => page.startsWith(prefix))) answers.push(...(await sendMalformed(app.url, { ...action, page })))
      }
      expect(answers.length).toBeGreaterThan(400)
      expect(answers.filter(({ status }) => status >= 500).map(({ action, body, status }) => `${action} ${body}: ${status}`)).toEqual([])
      // Refused before Next decodes it (400), or answered by the action with the plain message: never an error digest.
      for (const answer of answers.filter(({ status }) => status === 200)) expect(answer.text, `${answer.action} ${answer.body}`).not.toMatch(/E\{"digest"/)
      const signIn = answers.filter(({ action, body }) => action === 'signIn' && body === 'no arguments')
      expect(signIn.map(({ text }) => text.includes(MALFORMED_CALL_MESSAGE))).toEqual([true, true])
      expect((await stack.db.query('select id, name, qty from products order by id')).rows).toEqual(before.rows)
    }, 300_000)

    const send = (body: BodyInit, contentType: string | null, extra: Record<string, string> = {}) => {
      const { id, page } = serverAction('deleteProduct', 'lib/actions/delete-product.ts', { id: productId })
      const headers: Record<string, string> = { cookie, 'Next-Action': id, ...extra }
      if (contentType) headers['Content-Type'] = contentType
      return fetch(`${app.url}${page}`, { method: 'POST', headers, body })
    }

    it.each([
      ['a 10 MB body', () => send('x'.repeat(10 * 1024 * 1024), 'text/plain;charset=UTF-8'), 413],
      ['invalid JSON', () => send(`[{"ok":false},"${'$'}K1"`, 'text/plain;charset=UTF-8'), 400],
      ['a broken multipart body', () => send('--XYZ\r\nContent-Disposition: form-data; name="1_id"\r\n\r\n', 'multipart/form-data; boundary=XYZ'), 400],
      ['an XML content type', () => send('<id>1</id>', 'application/xml'), 415],
    ] as const)('%s', async (_name, request, status) => {
      const response = await request()
      expect(response.status).toBe(status)
      expect(await productStillThere()).toEqual({ name: 'Written before the outage', qty: 7 })
    })

    it('a well-formed call to the same action still works (the refusals are not blanket)', async () => {
      const other = await addProduct(owner, { name: 'To delete' })
      const response = await callAction(serverAction('deleteProduct', 'lib/actions/delete-product.ts', { id: productId }), { id: other })
      expect(response.status).toBe(200)
      const { rows } = await stack.db.query('select id from products where id = $1', [other])
      expect(rows).toEqual([])
    })
  })
})
