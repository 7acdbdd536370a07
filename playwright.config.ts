import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './e2e/_helpers/chromium'

// Run through `npm run test:e2e` (scripts/e2e.ts starts the stack and the app first).
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000'

const launchOptions = chromiumLaunchOptions

/** Tag of tests whose answer does not depend on the screen: the phone project runs them, the desktop one skips them. */
const ANY_VIEWPORT = /@any-viewport/

// scripts/e2e.ts runs the suite, then restarts the stack with email confirmations on (as on
// a hosted project) and runs e2e/confirmations/ alone (E2E_CONFIRMATIONS=1).
const confirmations = process.env.E2E_CONFIRMATIONS === '1'
// ...and last, under `next dev` (strict mode), e2e/dev/ alone (E2E_DEV=1).
const dev = process.env.E2E_DEV === '1'

export default defineConfig({
  testDir: './e2e',
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Recording a trace for every test made each one about a third slower on a 2-core machine.
    // For a failure's trace, run again with `-- --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The service worker installs (and precaches the app) in every new context: only the specs about
    // it and the whole-day walk let it in (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
  },
  projects: dev
    ? // the dev server compiles each page on its first visit
      [{ name: 'dev', testMatch: /e2e\/dev\/.*\.spec\.ts/, expect: { timeout: 60_000 }, use: { ...devices['Pixel 7'], launchOptions, navigationTimeout: 120_000 } }]
    : confirmations
    ? [{ name: 'confirmations', testMatch: /confirmations\/.*\.spec\.ts/, use: { ...devices['Pixel 7'], launchOptions } }]
    : [
    {
      name: 'setup',
      testMatch: /_setups\/.*\.setup\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'desktop',
      testIgnore: [/_setups\//, /confirmations\//, /e2e\/dev\//],
      // Server answers the layout cannot change (headers, validation messages) are checked once, on the phone.
      grepInvert: ANY_VIEWPORT,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'phone',
      testIgnore: [/_setups\//, /confirmations\//, /e2e\/dev\//],
      dependencies: ['setup'],
      // Pixel 7's viewport, touch and user agent, driven by the same system Chromium.
      use: { ...devices['Pixel 7'], launchOptions },
    },
  ],
})
