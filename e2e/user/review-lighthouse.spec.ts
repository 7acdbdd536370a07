import { expect, test } from '@playwright/test'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { shelfPhoto } from '../../test/shelf/generate-shelf-photo'
import { chromiumLaunchOptions } from '../_helpers/chromium'
import { createOwner, readyStocktake, signedInClient } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// Lighthouse's own accessibility audit of the stocktake review, on a phone
// (its mobile emulation), in the system Chromium: the score must be 100.
test.setTimeout(180_000)

test('the stocktake review scores 100 for accessibility in Lighthouse', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'Lighthouse emulates the phone itself; once is enough')
  const owner = await createOwner('lighthouse', {
    products: [
      { name: 'Lighthouse Eggs', sku: 'LH-EGG', qty: 20, low_stock_threshold: 3 },
      { name: 'Lighthouse Milk', sku: 'LH-MILK', qty: 6, low_stock_threshold: 2 },
      { name: 'Lighthouse Jam', sku: 'LH-JAM', qty: 4, low_stock_threshold: 1 },
    ],
  })
  const { data: products } = await (await signedInClient(owner)).from('products').select('id, sku').order('sku').throwOnError()
  const id = Object.fromEntries(products.map((p) => [p.sku, p.id as string]))
  const { jpeg } = await shelfPhoto({ items: [], width: 1600, height: 1200, seed: 7 })
  const sessionId = await readyStocktake(owner, jpeg, {
    start: { [id['LH-EGG']!]: 8, [id['LH-MILK']!]: 4 },
    end: { [id['LH-EGG']!]: 5, [id['LH-MILK']!]: 6 },
  })
  await signIn(page, owner)
  const url = `${new URL(page.url()).origin}/stocktakes/${sessionId}`
  await page.goto(url)
  await expect(page.getByRole('article', { name: 'Lighthouse Eggs' })).toBeVisible()
  // the crops show the full photo: they load lazily, so none holds up the first screen
  await expect(page.getByRole('img', { name: /^Where Lighthouse Eggs was found in the / })).toHaveAttribute('loading', 'lazy')
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')

  const chrome = await launch({ chromePath: chromiumLaunchOptions.executablePath, chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args] })
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['accessibility'], extraHeaders: { Cookie: cookie }, logLevel: 'error' })
    const lhr = result!.lhr
    expect(lhr.finalDisplayedUrl).toBe(url)
    const failed = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    expect(failed.map((audit) => `${audit.id}: ${audit.title}`)).toEqual([])
    expect(lhr.categories.accessibility!.score).toBe(1)
  } finally {
    chrome.kill()
  }
})
