// Catalogue figures with 5,000 products in one shop, on a production build:
// /app/products server response against the raw SQL for the same rows, search
// per keystroke in the browser against the same search over REST, and the
// first-load JavaScript of /app/products against the bare 404 page.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { chromiumLaunchOptions } from '../e2e/_helpers/chromium.ts'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../supabase/local/config.ts'
import { startStack } from '../supabase/local/stack.ts'
import { isListening, waitForHttp } from '../scripts/lib/net.ts'
import { percentile, sample, samplePair, type Figure } from './stats.ts'

const STACK_PORT = Number(process.env.SUPABASE_LOCAL_PORT || 54321)
const APP = 'http://127.0.0.1:3100'
const PASSWORD = 'bench-password'

function nextCommand(args: string[]): ChildProcess {
  return spawn(process.execPath, ['node_modules/next/dist/bin/next', ...args], {
    env: {
      ...process.env,
      NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${STACK_PORT}`,
      NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      SUPABASE_SECRET_KEY: SECRET_KEY,
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: 'ignore',
    detached: true,
  })
}

async function seedOwner(url: string): Promise<{ client: SupabaseClient; email: string; shopId: string }> {
  const client = createClient(url, PUBLISHABLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } })
  const email = `bench-${randomUUID()}@example.com`
  const { error } = await client.auth.signUp({ email, password: PASSWORD })
  if (error) throw error
  const { data: shop } = await client.from('shops').insert({ name: 'Bench Warehouse' }).select('id').single().throwOnError()
  for (let start = 0; start < 5000; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const n = String(start + i + 1).padStart(4, '0')
      return { shop_id: shop.id, name: `Item ${n}`, sku: `SKU-${n}`, qty: (start + i) % 10, low_stock_threshold: 2 }
    })
    await client.from('products').insert(rows).throwOnError()
  }
  return { client, email, shopId: shop.id as string }
}

async function signIn(page: Page, email: string) {
  await page.goto(`${APP}/auth`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(`${APP}/app/products`)
}

async function scriptBytes(context: BrowserContext, path: string): Promise<number> {
  const page = await context.newPage()
  await page.goto(`${APP}${path}`)
  await page.waitForLoadState('load')
  const bytes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).decodedBodySize, 0),
  )
  await page.close()
  return bytes
}

/**
 * Types `text` one key at a time and times, inside the page, each keydown until
 * the list shows that search's result (timed in the page: Playwright's own
 * polling would add up to half a second).
 */
async function keystrokes(page: Page, text: string): Promise<number[]> {
  await page.goto(`${APP}/app/products`)
  await page.getByPlaceholder('Search products...').click()
  const times: number[] = []
  for (let i = 1; i <= text.length; i++) {
    const query = text.slice(0, i)
    // Strings, not functions: tsx would wrap a function's inner names in a helper the page lacks.
    await page.evaluate(`window.__searchTiming = new Promise((resolve) => {
      const q = ${JSON.stringify(query)}
      let started = 0
      document.querySelector('input[type="search"]').addEventListener('keydown', () => (started = performance.now()), { once: true })
      const observer = new MutationObserver(() => {
        const text = document.body.innerText
        if (started && (text.includes('matching "' + q + '"') || text.includes('No products match "' + q + '"'))) {
          observer.disconnect()
          resolve(performance.now() - started)
        }
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    }); undefined`)
    await page.keyboard.type(text[i - 1]!)
    times.push(await page.evaluate<number>('window.__searchTiming'))
  }
  return times
}

export async function runAppBench(): Promise<Figure[]> {
  for (const port of [STACK_PORT, 3100]) {
    if (await isListening('127.0.0.1', port)) throw new Error(`port ${port} is in use; stop it and run the bench again`)
  }
  const stack = await startStack({ memory: true, port: STACK_PORT, seedFile: null })
  const children: ChildProcess[] = []
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    if (!existsSync('.next/BUILD_ID') || process.env.BENCH_BUILD === '1') {
      const build = nextCommand(['build'])
      children.push(build)
      const code = await new Promise<number | null>((done) => build.on('exit', done))
      if (code !== 0) throw new Error('next build failed')
    }
    const server = nextCommand(['start', '--port', '3100', '--hostname', '127.0.0.1'])
    children.push(server)
    await waitForHttp(`${APP}/auth`, server)
    const owner = await seedOwner(stack.url)

    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(page, owner.email)
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')

    const sql = `select id, name, sku, image_url, qty, low_stock_threshold, count(*) over () as total
                   from public.products where shop_id = $1 order by name, id limit 24`
    const [pageMs, sqlMs] = await samplePair(
      async () => {
        const res = await fetch(`${APP}/app/products`, { headers: { cookie } })
        if (!(await res.text()).includes('Item 0001')) throw new Error('the catalogue did not render')
      },
      () => stack.db.query(sql, [owner.shopId]),
      40,
    )
    const typed = await keystrokes(page, 'SKU-432')
    const restSearch = await sample(
      async () =>
        await owner.client
          .from('products')
          .select('id, name, sku, image_url, qty, low_stock_threshold', { count: 'exact' })
          .eq('shop_id', owner.shopId)
          .or('name.ilike."%SKU-432%",sku.ilike."%SKU-432%"')
          .order('name')
          .range(0, 23)
          .throwOnError(),
      30,
    )
    const catalogueJs = await scriptBytes(await browser.newContext({ storageState: await context.storageState() }), '/app/products')
    const bareJs = await scriptBytes(await browser.newContext({ storageState: await context.storageState() }), '/no-such-page')
    return [
      { name: '/app/products server response p50 (5,000 products)', value: percentile(pageMs, 50), unit: 'ms', baseline: { name: 'raw SQL for the same rows p50', value: percentile(sqlMs, 50) } },
      { name: 'search, keystroke to results p50 (includes the 300 ms debounce)', value: percentile(typed, 50), unit: 'ms', baseline: { name: 'the same search over REST p50', value: percentile(restSearch, 50) } },
      { name: 'first-load JS of /app/products', value: catalogueJs / 1024, unit: 'KiB', baseline: { name: 'bare 404 page of the same build', value: bareJs / 1024 }, target: '≤ 1.5×' },
    ]
  } finally {
    await browser.close()
    for (const child of children) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM')
    await stack.stop()
  }
}
