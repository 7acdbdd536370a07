import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * An axe scan of the page once its animations have ended: axe would measure the contrast
 * of a toast's half-transparent frame while it fades in (CI saw exactly that).
 */
export async function axe(page: Page): Promise<AxeBuilder> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  return new AxeBuilder({ page })
}

/** axe's serious and critical findings on the page as it is. */
export async function seriousViolations(page: Page) {
  const results = await (await axe(page)).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target.join(' ')) }))
}
