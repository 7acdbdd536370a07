// /app/products against a bare route handler running the same query with the same
// client (GET /api/products), both signed in, on a production build, at 5,000 products.
// Also starts the app that bench/search-bench.ts types into.
import { randomUUID } from 'node:crypto'
import { chromium, type Browser, type Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { chromiumLaunchOptions } from '../e2e/_helpers/chromium.ts'
import { PUBLISHABLE_KEY } from '../supabase/local/config.ts'
import { APP, signedInHeaders, startProductionApp } from './lib/production-app.ts'
import { percentile, samplePair, type Figure } from './stats.ts'

const PASSWORD = 'bench-password'
export const PRODUCTS = 5000

export interface CatalogueApp {
  url: string
  browser: Browser
  /** signed in as the owner of the 5,000-product shop */
  page: Page
  cookie: string
  stop: () => Promise<void>
}

/** A stack, a production build (BENCH_BUILD=1 rebuilds) and a signed-in owner of 5,000 products. */
export async function startCatalogueApp(): Promise<CatalogueApp> {
  const url = APP
  const app = await startProductionApp()
  const stack = app.stack
  const browser = await chromium.launch(chromiumLaunchOptions)
  const stop = async () => {
    await browser.close()
    await app.stop()
  }
  try {
    const client = createClient(stack.url, PUBLISHABLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } })
    const email = `bench-${randomUUID()}@example.com`
    const { error } = await client.auth.signUp({ email, password: PASSWORD })
    if (error) throw error
    const { data: shop } = await client.from('shops').insert({ name: 'Bench Warehouse' }).select('id').single().throwOnError()
    for (let start = 0; start < PRODUCTS; start += 1000) {
      const rows = Array.from({ length: 1000 }, (_, i) => {
        const n = String(start + i + 1).padStart(4, '0')
        return { shop_id: shop.id, name: `Item ${n}`, sku: `SKU-${n}`, qty: (start + i) % 10, low_stock_threshold: 2 }
      })
      await client.from('products').insert(rows).throwOnError()
    }

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${url}/auth`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL(`${url}/app/products`)
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    return { url, browser, page, cookie, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The page and the route, alternated so that machine noise hits both alike. */
export async function measurePageVsRoute(app: CatalogueApp, runs = 40): Promise<Figure[]> {
  const get = (path: string, expected: string) => async () => {
    const res = await fetch(`${app.url}${path}`, { headers: signedInHeaders(app.cookie) })
    const body = await res.text()
    if (res.status !== 200 || !body.includes(expected)) throw new Error(`${path} answered ${res.status} without ${expected}`)
  }
  // Both read all 5,000 rows; the page draws the first 20 and counts the rest, the route sends every row.
  const [pageMs, routeMs] = await samplePair(get('/app/products', 'Show more (4,980 left)'), get('/api/products', 'Item 5000'), runs)
  const figure = (p: number): Figure => ({
    name: `/app/products full response p${p} (${PRODUCTS.toLocaleString('en')} products, signed in)`,
    value: percentile(pageMs, p),
    unit: 'ms',
    baseline: { name: `GET /api/products (same query, same client) p${p}`, value: percentile(routeMs, p) },
    target: '≤ 1.3×',
  })
  return [figure(50), figure(95)]
}
