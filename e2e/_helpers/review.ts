import { expect, type Locator, type Page } from '@playwright/test'

/** A product's card on the stocktake review. */
export function reviewCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true })
}

export interface ShownLine {
  morning: number
  evening: number
  /** every labelled figure on the card, as shown: "Units gone" → "3" */
  figures: Record<string, string>
  /** the movements confirming books, as shown: "Sold or missing −3" */
  booked: string[]
}

/** Reads a card's counts (field values, or text once confirmed), every figure, and what it books, from the screen. */
export async function readReviewCard(page: Page, name: string): Promise<ShownLine> {
  const card = reviewCard(page, name)
  const count = async (label: string) => {
    const field = card.getByLabel(`${label} of ${name}`)
    if ((await field.count()) > 0) return Number(await field.inputValue())
    return Number((await card.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText()).trim())
  }
  const terms = await card.getByRole('term').allInnerTexts()
  const values = await card.getByRole('definition').allInnerTexts()
  expect(terms).toHaveLength(values.length)
  const booked = card.getByRole('list', { name: `Booked for ${name}` }).getByRole('listitem')
  return {
    morning: await count('Morning count'),
    evening: await count('Evening count'),
    figures: Object.fromEntries(terms.map((term, i) => [term.trim(), values[i]!.trim()])),
    booked: (await booked.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()),
  }
}

/** The review's totals in its sticky footer. */
export async function readTotals(page: Page): Promise<Record<string, string>> {
  const totals = page.locator('dl[aria-label="Totals"]')
  const terms = await totals.getByRole('term').allInnerTexts()
  const values = await totals.getByRole('definition').allInnerTexts()
  return Object.fromEntries(terms.map((term, i) => [term.trim(), values[i]!.trim()]))
}

/** Nothing on the page is wider than the screen. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth)
}
