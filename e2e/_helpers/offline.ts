import { expect, type Locator, type Page } from '@playwright/test'
import { PAGES_CACHE_PREFIX, TILL_PAGES } from '../../lib/offline/sw-contract'

/**
 * Waits until this browser can open /app/products with no network: the service worker controls
 * the page and keeps it for the signed-in user, and the catalogue is kept on the device.
 */
export async function readyForOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ prefix, pages }) => {
            // every till page, not only the first to be kept
            for (const name of (await caches.keys()).filter((name) => name.startsWith(prefix))) {
              const cache = await caches.open(name)
              if ((await Promise.all(pages.map((path) => cache.match(path)))).every(Boolean)) return true
            }
            return false
          },
          { prefix: PAGES_CACHE_PREFIX, pages: [...TILL_PAGES] },
        ),
      { message: 'the till pages are kept on the device', timeout: 30_000 },
    )
    .toBe(true)
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((done) => {
              const open = indexedDB.open('shelfsnap')
              open.onsuccess = () => {
                const db = open.result
                if (!db.objectStoreNames.contains('catalogues')) return done(0)
                const count = db.transaction('catalogues').objectStore('catalogues').count()
                count.onsuccess = () => done(count.result)
              }
              open.onerror = () => done(0)
            }),
        ),
      { message: 'the catalogue is kept on the device', timeout: 20_000 },
    )
    .toBe(1)
}

/** Taps far enough apart (the counter joins taps within 1.5 s) to be a change each. */
export async function tapApart(page: Page, name: string, times: number) {
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name }).click()
    await page.waitForTimeout(1700)
  }
}

/**
 * Waits until React has hydrated `control` (its props are on the element). The server renders a
 * tappable button before the page's scripts run; tapped before they have, it does nothing, and
 * with the network off from that moment they may never arrive. An owner's phone that has opened
 * the till once has them kept (readyForOffline); a test that goes offline at once waits for this.
 */
export async function hydrated(control: Locator) {
  await expect
    .poll(() => control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))), { message: 'the control is hydrated', timeout: 30_000 })
    .toBe(true)
}
