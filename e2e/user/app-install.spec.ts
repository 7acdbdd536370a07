// Installable, opens offline, and picks up a new version without the owner clearing anything.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test } from '@playwright/test'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ownerWithCatalogue } from '../_helpers/catalogue'
import { chromiumLaunchOptions } from '../_helpers/chromium'
import { readyForOffline } from '../_helpers/offline'
import { signIn } from '../_helpers/ui'

// with the service worker in control, as on an owner's phone
test.use({ serviceWorkers: 'allow' })

test('Chromium finds ShelfSnap installable: manifest, icons (maskable too), standalone, a service worker @any-viewport', async ({ page, baseURL }, testInfo) => {
  const owner = await ownerWithCatalogue(page, 'install')
  // Playwright's contexts are incognito, where nothing installs: a browser profile on disk, as a phone has.
  const profile = await mkdtemp(join(tmpdir(), 'shelfsnap-install-'))
  const browser = await chromium.launchPersistentContext(profile, { ...testInfo.project.use, ...chromiumLaunchOptions, baseURL, serviceWorkers: 'allow' })
  try {
    const tab = browser.pages()[0] ?? (await browser.newPage())
    await signIn(tab, owner, '/app/products')
    await tab.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    const cdp = await browser.newCDPSession(tab)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const manifest = await (await tab.request.get('/manifest.webmanifest')).json()
    expect(manifest).toMatchObject({ name: 'ShelfSnap', display: 'standalone', start_url: '/app/products' })
    expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ purpose: 'maskable', sizes: '512x512' })]))
    for (const icon of manifest.icons) expect((await tab.request.get(icon.src)).status()).toBe(200)
  } finally {
    await browser.close()
    await rm(profile, { recursive: true, force: true })
  }
})

// Lighthouse 12 dropped its PWA category (installability is Chromium's check, above); of its audits
// the one left is the viewport's.
test("Lighthouse's viewport audit, the PWA audit it still has, passes on the counter", { tag: '@any-viewport' }, async ({ page, context }) => {
  await ownerWithCatalogue(page, 'lighthouse-pwa')
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const chrome = await launch({ chromePath: chromiumLaunchOptions.executablePath, chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args] })
  try {
    const result = await lighthouse(page.url(), { port: chrome.port, onlyAudits: ['viewport'], extraHeaders: { Cookie: cookie }, logLevel: 'error' })
    expect(result!.lhr.finalDisplayedUrl).toBe(page.url())
    expect(result!.lhr.audits.viewport!.score).toBe(1)
  } finally {
    chrome.kill()
  }
})

test('offline, a till page opens from the device and says from when; any other page says it needs a connection @any-viewport', async ({ page, context }) => {
  await ownerWithCatalogue(page, 'offline-pages')
  await readyForOffline(page)
  await context.setOffline(true)

  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText(/You're offline\. Showing this page as of /)).toBeVisible()

  await page.goto('/reports')
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
  await expect(page.getByText('This page needs a connection to ShelfSnap')).toBeVisible()
  await page.getByRole('link', { name: 'Products' }).click()
  await expect(page.getByText(/You're offline\. Showing your catalogue as of /)).toBeVisible()
})

test('a new version of the app is offered, not forced: "Reload for the new version" brings it in @any-viewport', async ({ page }) => {
  await ownerWithCatalogue(page, 'app-update')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)
  expect(first).toContain('/serwist/sw.js')

  // The next deploy, as the browser meets it: a new worker installs beside the one in control.
  // (Playwright cannot answer the browser's own update fetch of the worker's script with other
  // bytes, so the new worker comes from another URL of the same script.)
  await page.evaluate(() => navigator.serviceWorker.register('/serwist/sw.js?next-version', { scope: '/', type: 'module' }).then(() => undefined))
  await expect(page.getByText('A new version of ShelfSnap is ready.')).toBeVisible({ timeout: 20_000 })
  const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
  expect(waiting).toBe(true)

  await page.getByRole('button', { name: 'Reload for the new version' }).click()
  await expect(page.getByText('A new version of ShelfSnap is ready.')).toHaveCount(0)
  // The reloaded page is served by the new worker. (Not "nothing waiting": the reloaded page registers
  // /serwist/sw.js as every page does, which for this test's second URL is a newer worker again.)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL.endsWith('?next-version') ?? false))
    .toBe(true)
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible()
})
