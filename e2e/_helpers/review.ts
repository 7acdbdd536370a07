import { expect, type Locator, type Page } from '@playwright/test'
import { shelfPhoto } from '../../test/shelf/generate-shelf-photo'
import { createOwner, readyStocktake, signedInClient, type NewProduct } from './stack'
import { signIn } from './ui'

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

/** An owner with these products and a stocktake counted and ready (counts by SKU), on its review. */
export async function reviewOf(page: Page, tag: string, products: NewProduct[], counts: { start: Record<string, number>; end: Record<string, number> }) {
  const owner = await createOwner(tag, { products })
  const supabase = await signedInClient(owner)
  const { data } = await supabase.from('products').select('id, sku').throwOnError()
  const ids = Object.fromEntries(data.map((p) => [p.sku as string, p.id as string]))
  const bySku = (side: Record<string, number>) => Object.fromEntries(Object.entries(side).map(([sku, n]) => [ids[sku]!, n]))
  const { jpeg } = await shelfPhoto({ items: [], width: 800, height: 600, seed: 5 })
  const sessionId = await readyStocktake(owner, jpeg, { start: bySku(counts.start), end: bySku(counts.end) })
  await signIn(page, owner, `/stocktakes/${sessionId}`)
  await expect(page.getByRole('heading', { name: 'Review stocktake' })).toBeVisible()
  return { owner, supabase, ids, sessionId }
}
