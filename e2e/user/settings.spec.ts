import { expect, test } from '@playwright/test'
import { createOwner, signedInClient } from '../_helpers/stack'
import { controlsPastRightEdge, expectToast, signInThroughUi } from '../_helpers/ui'

test('an owner makes a Google Sheets feed link: the formula to paste, a feed that answers without a cookie, and a new link that stops the old', async ({ page }) => {
  const owner = await createOwner('sheets', { products: [{ name: 'Loose Leaf Tea', sku: 'TEA-1', qty: 20, low_stock_threshold: 2 }] })
  await signInThroughUi(page, owner, '/auth?next=%2Fdashboard')
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
  await sheets.getByRole('button', { name: 'Make a new link' }).click()
  await expectToast(page, 'Feed link made', 'The old link has stopped working.', 'success')
  expect((await fetch(url!)).status).toBe(404)
  const fresh = /"(http[^"]+)"/.exec(await sheets.getByLabel("Today's report").inputValue())![1]!
  expect((await fetch(fresh)).status).toBe(200)
})

const mailTo = async (address: string) => {
  const mail = process.env.E2E_MAIL_URL!
  const found = (await (await fetch(`${mail}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)).json()) as { messages: { ID: string; Subject: string }[] }
  return Promise.all(found.messages.map(async ({ ID, Subject }) => ({ Subject, ...((await (await fetch(`${mail}/api/v1/message/${ID}`)).json()) as { Text: string }) })))
}

test('an owner sets the report time, adds a partner who confirms, and sends a test report carrying the figures /reports shows', async ({ page }) => {
  const owner = await createOwner('delivery', { shopName: 'Chai Corner', products: [{ name: 'Masala Chai', sku: 'CHAI-1', qty: 30, low_stock_threshold: 2 }] })
  const supabase = await signedInClient(owner)
  await supabase.from('products').update({ unit_price: 2.5 }).eq('sku', 'CHAI-1').throwOnError()
  const { data: chai } = await supabase.from('products').select('id').eq('sku', 'CHAI-1').single().throwOnError()
  await supabase.rpc('adjust_stock', { p_product_id: chai.id, p_delta: -4, p_reason: 'sold' }).throwOnError()
  await signInThroughUi(page, owner, '/auth?next=%2Fsettings')

  const shop = page.getByRole('region', { name: 'Shop' })
  await shop.getByLabel('Time zone').selectOption('Asia/Kolkata')
  await shop.getByLabel('Daily report time').fill('20:30')
  await shop.getByRole('button', { name: 'Save shop' }).click()
  await expectToast(page, 'Shop saved', 'Reports will be sent at 20:30 (Asia/Kolkata)', 'success')
  await page.reload()
  await expect(shop.getByLabel('Daily report time')).toHaveValue('20:30')
  await expect(shop.getByLabel('Time zone')).toHaveValue('Asia/Kolkata')

  // another address gets a confirmation first, and the reports only once it is confirmed
  const partner = `partner-${owner.email}`
  const recipients = page.getByRole('region', { name: 'Recipients' })
  await recipients.getByLabel('Add an email address').fill(partner)
  await recipients.getByRole('button', { name: 'Add email' }).click()
  await expectToast(page, 'Recipient added', `Confirmation sent to ${partner}: nothing else goes there until it is confirmed`, 'success')
  await expect(recipients.getByRole('listitem').filter({ hasText: partner })).toContainText('Waiting for confirmation')
  const [confirmation] = await mailTo(partner)
  expect(confirmation!.Subject).toBe('Confirm to get ShelfSnap reports from Chai Corner')
  const link = /(http\S+\/recipients\/confirm\?token=[0-9a-f]{64})/.exec(confirmation!.Text)![1]!
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('status')).toHaveText(`You will get ShelfSnap reports from Chai Corner at ${partner}.`)
  await page.goto('/settings')
  await expect(recipients.getByRole('listitem').filter({ hasText: partner })).toContainText('Confirmed')

  await page.getByRole('button', { name: 'Send test report now' }).click()
  await expectToast(page, 'Test report sent', 'Test report sent to 2 recipients', 'success')
  await expect(page.getByRole('list', { name: 'Delivery history' }).getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('list', { name: 'Delivery history' })).toContainText('Test report of')
  expect(await controlsPastRightEdge(page)).toEqual([])

  // the email holds the figures /reports shows for today
  await page.goto('/reports?range=today')
  const [report] = await mailTo(owner.email)
  expect(report!.Subject).toMatch(/^Chai Corner: ShelfSnap report for /)
  for (const label of ['Units sold', 'Sales value', 'Units received', 'Missing units', 'Stock value at end']) {
    const shown = (await page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').textContent())!.trim()
    expect(report!.Text).toContain(`${label}: ${shown}`)
  }
  expect(report!.Text).toContain('Units sold: 4')
  expect((await mailTo(partner)).map((message) => message.Subject)).toEqual([report!.Subject, confirmation!.Subject])
})
