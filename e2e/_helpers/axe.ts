import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** axe's serious and critical findings on the page as it is. */
export async function seriousViolations(page: Page) {
  // Let toasts finish fading in: axe would measure the contrast of a half-transparent frame.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target.join(' ')) }))
}
