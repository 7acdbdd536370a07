// Search at the counter: a real browser types into /app/products (5,000 products)
// and each keystroke is timed, in the page, from keydown to the next paint after
// the list shows that search; beside the same timing on a bare page with an input.
import type { Page } from '@playwright/test'
import { measurePageVsRoute, startCatalogueApp, type CatalogueApp } from './products-page-bench.ts'
import { percentile, type Figure } from './stats.ts'

const QUERIES = ['item 4321', 'sku-0042', 'ITEM 12']

// The baseline: an input whose handler writes one line, the least a page can do per key.
const BARE_PAGE = `<!doctype html><meta name="viewport" content="width=device-width"><title>bare</title>
<input type="search" aria-label="Search"><p id="count"></p>
<script>
  const input = document.querySelector('input'), count = document.querySelector('#count')
  input.addEventListener('input', () => { count.textContent = '1 products matching "' + input.value.trim() + '"' })
</script>`

/**
 * Types `text` key by key; for each key, the time from keydown until the frame after
 * the page says `matching "<query>"` (or no match) has been painted.
 */
async function keystrokes(page: Page, text: string): Promise<number[]> {
  const times: number[] = []
  for (let i = 1; i <= text.length; i++) {
    const query = text.slice(0, i).trim()
    // A trailing space changes no result, so nothing on screen to wait for.
    if (query === text.slice(0, i - 1).trim()) {
      await page.keyboard.type(text[i - 1]!)
      continue
    }
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    await page.evaluate(`window.__keyTiming = new Promise((resolve) => {
      const q = ${JSON.stringify(query)}
      let started = 0
      document.querySelector('input[type="search"]').addEventListener('keydown', () => (started = performance.now()), { once: true })
      const shown = () => document.body.innerText.includes('matching "' + q + '"') || document.body.innerText.includes('No products match "' + q + '"')
      const observer = new MutationObserver(() => {
        if (!started || !shown()) return
        observer.disconnect()
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0))
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    }); undefined`)
    await page.keyboard.type(text[i - 1]!)
    times.push(await page.evaluate<number>('window.__keyTiming'))
  }
  return times
}

async function typeQueries(page: Page, clear: () => Promise<void>): Promise<number[]> {
  const times: number[] = []
  for (const text of QUERIES) {
    await clear()
    await page.getByRole('searchbox').click()
    times.push(...(await keystrokes(page, text)))
  }
  return times
}

export async function measureSearch(app: CatalogueApp): Promise<Figure[]> {
  const { page } = app
  await page.goto(`${app.url}/app/products`)
  await page.getByText('5000 products').waitFor()
  const appTimes = await typeQueries(page, async () => {
    await page.getByRole('searchbox').fill('')
    await page.getByText('5000 products').waitFor()
  })
  // The URL follows once the typing pauses.
  await page.waitForURL(/\?q=ITEM\+12$/, { timeout: 5000 })

  const bare = await app.browser.newPage()
  await bare.setContent(BARE_PAGE)
  const bareTimes = await typeQueries(bare, () => bare.getByRole('searchbox').fill(''))
  await bare.close()

  const figure = (p: number): Figure => ({
    name: `search on /app/products, keystroke to paint p${p} (5,000 products, ${appTimes.length} keys)`,
    value: percentile(appTimes, p),
    unit: 'ms',
    baseline: { name: `bare page with an input, keystroke to paint p${p}`, value: percentile(bareTimes, p) },
    target: p === 50 ? '≤ 50 ms' : undefined,
  })
  return [figure(50), figure(95)]
}

/** `npm run bench -- search`: the search and the page-against-route figures, one app for both. */
export async function runCounterBench(): Promise<Figure[]> {
  const app = await startCatalogueApp()
  try {
    return [...(await measureSearch(app)), ...(await measurePageVsRoute(app))]
  } finally {
    await app.stop()
  }
}
