import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { expect, test } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { createOwner, getOwnShop, signedInClient } from '../_helpers/stack'
import { mailTo } from '../_helpers/mail'
import { controlsPastRightEdge, expectToast, reportFigure, signIn, statCard } from '../_helpers/ui'

test('a new owner opens 7 days of reports: the figures on screen are the ones the CSV exports, and today matches the dashboard', async ({ page }) => {
  const owner = await createOwner('reports', {
    products: [
      { name: 'Loose Leaf Tea', sku: 'TEA-1', qty: 20, low_stock_threshold: 2 },
      { name: 'Lemon Cake', sku: 'CAKE-1', qty: 8, low_stock_threshold: 2 },
    ],
  })
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  await supabase.from('products').update({ unit_price: 2.5, unit_cost: 1.1 }).eq('sku', 'TEA-1').throwOnError()
  await supabase.from('products').update({ unit_price: 3 }).eq('sku', 'CAKE-1').throwOnError()
  const { data: products } = await supabase.from('products').select('id, sku').throwOnError()
  const id = (sku: string) => products.find((p) => p.sku === sku)!.id as string
  for (const [sku, delta, reason] of [
    ['TEA-1', -3, 'sold'],
    ['TEA-1', -1, 'sold'],
    ['CAKE-1', -2, 'sold'],
    ['TEA-1', 6, 'received'],
    ['TEA-1', -1, 'damaged'],
    ['CAKE-1', -1, 'lost'],
  ] as const) {
    await supabase.rpc('adjust_stock', { p_product_id: id(sku), p_delta: delta, p_reason: reason }).throwOnError()
  }
  // a count set by hand: the shelf held one cake fewer than the ledger said
  await supabase.rpc('set_stock', { p_product_id: id('CAKE-1'), p_qty: 4, p_reason: 'count_correction' }).throwOnError()

  await signIn(page, owner, '/dashboard')
  await expect(statCard(page, 'Items Sold Today')).toContainText('6 units')
  await page.getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('main')).toContainText(`${shop.name} ·`)

  const onScreen: Record<string, string> = {}
  const labels = ['Units sold', 'Sales value', 'Cost of goods sold', 'Gross margin', 'Units received', 'Opening stock of new products', 'Missing units']
  labels.push('Damaged or lost', 'Damaged or lost at cost', 'Count corrections', 'Stock value at start', 'Stock value at end')
  for (const label of labels) {
    onScreen[label] = (await reportFigure(page, label).textContent())!.trim()
  }
  // what the ledger holds: 6 sold (£7.50 + £6.00), tea's cost only, 6 received, a tea damaged and a cake
  // lost by hand, a cake short at a count; new stock opened within the week
  expect(onScreen).toEqual({
    'Units sold': '6',
    'Sales value': '£16.00',
    'Cost of goods sold': '£4.40',
    'Gross margin': '£5.60',
    'Units received': '6',
    'Opening stock of new products': '28',
    'Missing units': '0',
    'Damaged or lost': '2',
    'Damaged or lost at cost': '£1.10',
    'Count corrections': '−1',
    'Stock value at start': '£0.00',
    'Stock value at end': '£23.10',
  })
  await expect(page.getByRole('main')).toContainText('taken off by hand: 1 damaged, 1 lost or stolen')
  await expect(page.getByRole('main')).toContainText('1 product without a cost is left out')
  await expect(page.getByRole('table', { name: 'Top sellers' }).getByRole('row').nth(1)).toContainText('Loose Leaf Tea')
  expect(await controlsPastRightEdge(page)).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  // the export is the same report: every figure, as the screen shows it, money in minor units
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^shelfsnap-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = readFileSync((await file.path())!, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const records = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' }).data
  expect(new Set(records.map((r) => r.length))).toEqual(new Set([5]))
  const inCsv = Object.fromEntries(records.filter((r) => r[0]! in onScreen).map((r) => [r[0], r[1]]))
  // a spreadsheet's numbers: no £, and a minus it can read
  const asNumber = (shown: string) => shown.replace('£', '').replace('−', '-')
  expect(inCsv).toEqual(Object.fromEntries(Object.entries(onScreen).map(([label, shown]) => [label, asNumber(shown)])))

  // emailed to the owner: the same figures, in the email the catcher received
  await page.getByRole('button', { name: 'Email me' }).click()
  await expectToast(page, 'Report emailed', `Report sent to ${owner.email}`, 'success')
  const emails = await mailTo(owner.email)
  expect(emails).toHaveLength(1)
  const { Text } = emails[0]!
  for (const [label, shown] of Object.entries(onScreen)) expect(Text).toContain(`${label}: ${shown}`)

  // printed: the report alone, without the app's bars and the controls
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Report period' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(reportFigure(page, 'Units sold')).toBeVisible()
  await page.emulateMedia({ media: 'screen' })

  // a backwards custom range is refused with words, and no report is shown for it
  await page.getByText('Custom range').click()
  await page.getByLabel('From', { exact: true }).fill('2026-11-10')
  await page.getByLabel('To', { exact: true }).fill('2026-11-01')
  await page.getByRole('button', { name: 'Show report' }).click()
  await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription('The end date is before the start date')
  await expect(page.getByRole('term')).toHaveCount(0)
  expect((await page.request.get('/reports/export?range=custom&from=2020-01-01&to=2026-01-01')).status()).toBe(400)
})

test('shrinkage without a cost reads "—" and says why, two stocktakes on one day show their times, and the stock value is drawn in steps', async ({ page }) => {
  const owner = await createOwner('reports-cost', {
    products: [
      { name: 'Oat Milk', sku: 'OAT-1', qty: 10, low_stock_threshold: 0 },
      { name: 'Rye Bread', sku: 'RYE-1', qty: 6, low_stock_threshold: 0 },
    ],
  })
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  await supabase.from('products').update({ unit_cost: 0.8 }).eq('sku', 'RYE-1').throwOnError()
  const { data: products } = await supabase.from('products').select('id, sku').throwOnError()
  const id = (sku: string) => products.find((p) => p.sku === sku)!.id as string
  await supabase.rpc('adjust_stock', { p_product_id: id('RYE-1'), p_delta: -2, p_reason: 'sold' }).throwOnError()
  // two stocktakes confirmed yesterday (the shop's clock is UTC): the morning's found oat milk (no cost) missing
  const service = createClient(process.env.NEXT_PUBLIC_SUPABASE_URL!, process.env.SUPABASE_SECRET_KEY!, { auth: { persistSession: false } })
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  for (const [ended, sku, missing] of [[`${yesterday}T09:15:00Z`, 'OAT-1', 2], [`${yesterday}T17:40:00Z`, 'RYE-1', 1]] as const) {
    const { data: session } = await service
      .from('count_sessions')
      .insert({ shop_id: shop.id, status: 'confirmed', started_at: `${yesterday}T07:00:00Z`, ended_at: ended, confirmed_at: ended })
      .select('id')
      .single()
      .throwOnError()
    await service
      .from('count_results')
      .insert({ session_id: session.id, shop_id: shop.id, product_id: id(sku), start_count: 5, end_count: 3, received: 0, sold: 0, qty_before: 5, qty_after: 3, missing })
      .throwOnError()
  }

  await signIn(page, owner, '/reports')
  const byStocktake = page.getByRole('table', { name: 'Shrinkage by stocktake' })
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${yesterday}T12:00:00Z`))
  await expect(byStocktake.getByRole('row').nth(1)).toHaveText(new RegExp(`^${day}, 17:40\\s*1£0\\.80\\s*1$`))
  await expect(byStocktake.getByRole('row').nth(2)).toHaveText(new RegExp(`^${day}, 09:15\\s*2—unknown: no cost price\\s*1$`))
  const section = page.getByRole('region', { name: 'Shrinkage by stocktake' })
  await expect(section).toContainText('— means none of the products missing has a cost price, so their value is unknown')
  const byProduct = page.getByRole('table', { name: 'Shrinkage by product' })
  await expect(byProduct.getByRole('row', { name: /Oat Milk/ })).toContainText('—unknown: no cost price')

  // a level that holds until it changes: straight segments (a step line), no curves
  const curve = page.getByRole('figure', { name: 'Stock value over time' }).locator('path.recharts-area-curve')
  await expect(curve).toHaveAttribute('d', /^M[\d.,\sLHV-]+$/)
})
