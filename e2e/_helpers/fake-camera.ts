import { expect, type Page } from '@playwright/test'
import { gs1CheckDigit } from '../../lib/counting/barcode/retail-codes'
import type { VideoProduct } from '../../test/shelf/shelf-video'
import { chromiumLaunchOptions } from './chromium'

/** Eight products by real EAN-13 numbers (check digits worked out, not typed). */
export const SHELF_PRODUCTS: VideoProduct[] = [
  ['400638133393', 'Highlighter Yellow'],
  ['590123412345', 'Rye Crispbread'],
  ['400781732709', 'Oat Biscuits'],
  ['978020137962', 'Pocket Guide'],
  ['500015940723', 'Ginger Tea'],
  ['871210084908', 'Hand Soap'],
  ['762221044928', 'Milk Chocolate'],
  ['376007616542', 'Sea Salt'],
].map(([body, name]) => ({ code: body! + gs1CheckDigit(body!), name: name! }))

/** Chromium whose camera plays `file` (and which allows the camera without asking). */
export function fakeCameraLaunch(file: string) {
  return {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
  }
}

/** When each frame's codes came back (ms, the page's clock), from the marks the live count leaves. */
export async function decodeTimes(page: Page): Promise<number[]> {
  return page.evaluate(() => performance.getEntriesByName('shelfsnap:frame-decoded').map((entry) => entry.startTime))
}

/** The longest wait between decoded frames after the first (which waits for the decoder to load). */
export function longestGap(times: readonly number[]): number {
  return Math.max(...times.slice(2).map((time, i) => time - times[i + 1]!))
}

/** The tally as shown: product name → count. */
export async function shownTally(page: Page): Promise<Record<string, number>> {
  const lines = page.getByRole('list', { name: 'Tally' }).getByRole('listitem')
  await expect(lines.first()).toBeVisible()
  const shown: Record<string, number> = {}
  for (const line of await lines.all()) {
    const [name, count] = [await line.locator('p').first().innerText(), await line.locator('span').last().innerText()]
    shown[name.trim()] = Number(count)
  }
  return shown
}
