import { expect, type Page, type TestType } from '@playwright/test'
import { gs1CheckDigit } from '../../lib/counting/barcode/retail-codes'
import type { FakeCameraVideo, VideoProduct } from '../../test/shelf/shelf-video'
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

/**
 * A spec file's tests see `video` through the camera (allowed without asking), on the phone only,
 * the video made before the first test (a minute or two the first time on this machine).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any spec's test object, whatever its fixtures
export function withFakeCamera(test: TestType<any, any>, video: FakeCameraVideo, timeout: number) {
  test.use({ launchOptions: fakeCameraLaunch(video.file), permissions: ['camera'] })
  test.skip(({ isMobile }) => !isMobile, 'the camera is the phone’s: run once, on the phone')
  test.setTimeout(timeout)
  test.beforeAll(async () => {
    test.setTimeout(300_000)
    await video.make()
  })
}

/** When each frame's codes came back (ms, the page's clock) and how long the worker took on it, from the marks the live count leaves. */
export async function decodeTimes(page: Page): Promise<{ at: number; ms: number }[]> {
  return page.evaluate(() =>
    performance.getEntriesByName('shelfsnap:frame-decoded').map((entry) => ({ at: entry.startTime, ms: ((entry as PerformanceMark).detail as { ms: number }).ms })),
  )
}

const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!

/** Decoded frames before the figures count: the first waits for the decoder to load, the next ones run before WebAssembly's optimising compiler has. */
const WARM_UP = 5

/** The decode figures: frames, the intervals between them (after the warm-up; and the longest of all), the worker's own time. */
export function decodeFigures(times: readonly { at: number; ms: number }[]) {
  const between = (from: number) => times.slice(from + 1).map((time, i) => time.at - times[from + i]!.at)
  const gaps = between(WARM_UP)
  const worker = times.slice(WARM_UP).map((time) => time.ms)
  return {
    frames: times.length,
    longest: Math.max(...gaps),
    longestWithWarmUp: Math.max(...between(1)),
    p50: percentile(gaps, 0.5),
    p95: percentile(gaps, 0.95),
    workerP50: percentile(worker, 0.5),
    workerP95: percentile(worker, 0.95),
  }
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
