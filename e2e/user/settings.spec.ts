import { expect, test } from '@playwright/test'
import { createOwner, signedInClient } from '../_helpers/stack'
import { expectToast, signIn } from '../_helpers/ui'

test('an owner makes a Google Sheets feed link: the formula to paste, a feed that answers without a cookie, and a new link that stops the old @any-viewport', async ({ page }) => {
  const owner = await createOwner('sheets', { products: [{ name: 'Loose Leaf Tea', sku: 'TEA-1', qty: 20, low_stock_threshold: 2 }] })
  await signIn(page, owner, '/dashboard')
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  const sheets = page.getByRole('region', { name: 'Google Sheets' })
  await sheets.getByRole('button', { name: 'Make a feed link' }).click()
  await expectToast(page, 'Feed link made', 'Paste a formula into your sheet.', 'success')
  const formula = await sheets.getByLabel("Today's report").inputValue()
  const url = /^=IMPORTDATA\("(http[^"]+\/report\.csv)"\)$/.exec(formula)?.[1]
  expect(url).toBeTruthy()
  await expect(sheets.getByLabel('Stock list')).toHaveValue(formula.replace('report.csv', 'stock.csv'))

  // what Google's servers would fetch: no cookie, plain CSV
  const first = await fetch(url!)
  expect([first.status, first.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8'])
  expect(await first.text()).toMatch(/^ShelfSnap report,/)
  const stock = await fetch(url!.replace('report.csv', 'stock.csv'))
  expect(await stock.text()).toContain('Loose Leaf Tea')

  // a new link: the old one stops at once
  await page.reload()
  await expect(sheets.getByLabel("Today's report")).toHaveCount(0)
  // it asks first: Cancel leaves the sheets that use the link alone
  await sheets.getByRole('button', { name: 'Make a new link' }).click()
  const ask = page.getByRole('dialog', { name: 'Make a new feed link?' })
  await expect(ask).toContainText('every sheet that uses it stops updating')
  await ask.getByRole('button', { name: 'Cancel' }).click()
  await expect(ask).toBeHidden()
  expect((await fetch(url!)).status).toBe(200)
  await sheets.getByRole('button', { name: 'Make a new link' }).click()
  await ask.getByRole('button', { name: 'Make a new link' }).click()
  await expectToast(page, 'Feed link made', 'The old link has stopped working.', 'success')
  expect((await fetch(url!)).status).toBe(404)
  const fresh = /"(http[^"]+)"/.exec(await sheets.getByLabel("Today's report").inputValue())![1]!
  expect((await fetch(fresh)).status).toBe(200)
})

test('the channels: the Sheets hint follows its box, WhatsApp is offered only where the server can send it, and what is saved is what was ticked @any-viewport', async ({ page }) => {
  const owner = await createOwner('channels')
  await signIn(page, owner, '/settings')
  const channels = page.getByRole('region', { name: 'Reports and alerts' })
  const feed = channels.getByRole('checkbox', { name: 'Google Sheets feed' })
  await expect(feed).toBeChecked()
  await expect(feed).toHaveAccessibleDescription('On: a feed link (make one under Google Sheets) answers with your latest figures.')
  await feed.uncheck()
  await expect(feed).toHaveAccessibleDescription('Off: feed links answer no figures, only that the feed is switched off.')
  await feed.check()
  await expect(feed).toHaveAccessibleDescription('On: a feed link (make one under Google Sheets) answers with your latest figures.')
  await feed.uncheck()

  // this server has no WhatsApp account: said in an owner's words, and nothing to switch on or add
  const unavailable = 'WhatsApp is not available on this server yet: whoever runs your ShelfSnap can set it up.'
  const whatsApp = channels.getByRole('checkbox', { name: 'Daily report by WhatsApp' })
  await expect(whatsApp).toBeDisabled()
  await expect(whatsApp).not.toBeChecked()
  await expect(whatsApp).toHaveAccessibleDescription(unavailable)
  const recipients = page.getByRole('region', { name: 'Recipients' })
  await expect(recipients.getByLabel('Add a WhatsApp number')).toHaveCount(0)
  await expect(recipients).toContainText(`Reports by WhatsApp: ${unavailable}`)
  await expect(page.locator('main')).not.toContainText(/WHATSAPP_|SITE_URL/)

  await channels.getByRole('button', { name: 'Save channels' }).click()
  await expectToast(page, 'Delivery settings saved', '', 'success')
  const { data } = await (await signedInClient(owner)).from('shops').select('email_report, low_stock_digest, whatsapp_report, sheets_feed').single().throwOnError()
  expect(data).toEqual({ email_report: true, low_stock_digest: true, whatsapp_report: false, sheets_feed: false })
  await page.reload()
  await expect(feed).not.toBeChecked()
  await expect(feed).toHaveAccessibleDescription('Off: feed links answer no figures, only that the feed is switched off.')
})

test('the owner deletes the shop by typing its name; then it is gone, and ShelfSnap offers to create one @any-viewport', async ({ page }) => {
  const owner = await createOwner('closing', { shopName: 'Closing Corner', products: [{ name: 'Last Jar', sku: 'JAR-1', qty: 3, low_stock_threshold: 1 }] })
  await signIn(page, owner, '/settings')
  const section = page.getByRole('region', { name: 'Delete shop' })
  const name = section.getByLabel('Type Closing Corner to confirm')
  await name.fill('Closing corner')
  await section.getByRole('button', { name: 'Delete shop' }).click()
  await expect(name).toHaveAccessibleDescription('Type Closing Corner exactly to delete the shop')
  await name.fill('Closing Corner')
  await section.getByRole('button', { name: 'Delete shop' }).click()
  await expectToast(page, 'Shop deleted', 'Closing Corner is deleted', 'success')
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('dialog', { name: 'Create Your Shop' })).toBeVisible()
  const supabase = await signedInClient(owner)
  expect((await supabase.from('shops').select('id')).data).toEqual([])
  expect((await supabase.from('products').select('id, name')).data).toEqual([])
})
