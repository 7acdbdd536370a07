// As a new owner on a project that confirms emails: sign up and confirm, set the report
// time, add a partner who confirms, and send a test report whose email carries the
// figures /reports shows.
import { expect, test } from '@playwright/test'
import { mailTo, signUpAndConfirm } from '../_helpers/mail'
import { addProducts, adminClient, getOwnShop, newCredentials, signedInClient } from '../_helpers/stack'
import { controlsPastRightEdge, expectToast, reportFigure } from '../_helpers/ui'

test('an owner sets the report time, adds a partner who confirms, and sends a test report carrying the figures /reports shows', async ({ page }) => {
  const owner = newCredentials('delivery')
  await signUpAndConfirm(page, owner)
  await page.getByLabel('Shop Name').fill('Chai Corner')
  await page.getByRole('button', { name: 'Create Shop' }).click()
  await expect(page).toHaveURL('/app/products')
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  await addProducts(supabase, shop.id, [{ name: 'Masala Chai', sku: 'CHAI-1', qty: 30, low_stock_threshold: 2 }])
  await supabase.from('products').update({ unit_price: 2.5 }).eq('sku', 'CHAI-1').throwOnError()
  const { data: chai } = await supabase.from('products').select('id').eq('sku', 'CHAI-1').single().throwOnError()
  await supabase.rpc('adjust_stock', { p_product_id: chai.id, p_delta: -4, p_reason: 'sold' }).throwOnError()
  await page.goto('/settings')

  const shopForm = page.getByRole('region', { name: 'Shop' })
  await shopForm.getByLabel('Time zone').selectOption('Asia/Kolkata')
  await shopForm.getByLabel('Daily report time').fill('20:30')
  await shopForm.getByRole('button', { name: 'Save shop' }).click()
  await expectToast(page, 'Shop saved', 'Reports will be sent at 20:30 (Asia/Kolkata)', 'success')
  await page.reload()
  await expect(shopForm.getByLabel('Daily report time')).toHaveValue('20:30')
  await expect(shopForm.getByLabel('Time zone')).toHaveValue('Asia/Kolkata')

  // another address gets a confirmation first, and the reports only once it is confirmed
  const partner = owner.email.replace('@', '+partner@')
  const recipients = page.getByRole('region', { name: 'Recipients' })
  await recipients.getByLabel('Add an email address').fill(partner)
  await recipients.getByRole('button', { name: 'Add email' }).click()
  await expectToast(page, 'Recipient added', `Confirmation sent to ${partner}: nothing else goes there until it is confirmed`, 'success')
  // the box is empty again, ready for the next address, not holding this one for a second tap
  await expect(recipients.getByLabel('Add an email address')).toHaveValue('')
  await expect(recipients.getByLabel('Add an email address')).toBeFocused()
  await expect(recipients.getByRole('listitem').filter({ hasText: partner })).toContainText('Waiting for confirmation')
  // the address reads along a line beside its buttons, not one letter a line
  const address = (await recipients.getByRole('listitem').filter({ hasText: partner }).locator('span').first().boundingBox())!
  expect(address.width).toBeGreaterThan(150)
  expect(address.height).toBeLessThan(100)
  const [confirmation] = await mailTo(partner)
  expect(confirmation!.Subject).toBe('Confirm to get ShelfSnap reports from Chai Corner')
  const link = /(http\S+\/recipients\/confirm\?token=[0-9a-f]{64})/.exec(confirmation!.Text)![1]!
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
  // the link says what it is for before anyone presses Confirm
  await expect(page.getByRole('main')).toContainText(`Chai Corner would like to send its daily ShelfSnap report to ${partner}.`)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('status')).toHaveText(`You will get ShelfSnap reports from Chai Corner at ${partner}.`)
  // opened again: already confirmed, not 'expired or already used'; a cut link says so before any press
  await page.reload()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`You already get the ShelfSnap reports from Chai Corner at ${partner}. Each email has a link to unsubscribe.`)
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0)
  await page.goto(link.replace(/^https?:\/\/[^/]+/, '').slice(0, -3))
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This link is not complete: copy the whole link from the email')
  await page.goto(link.replace(/^https?:\/\/[^/]+/, '').replace(/token=./, 'token=' + (link.at(-64) === '0' ? '1' : '0')))
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This link is not valid: a newer one may have replaced it. Ask the shop to send a new one from its ShelfSnap settings.')
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
    const shown = (await reportFigure(page, label).textContent())!.trim()
    expect(report!.Text).toContain(`${label}: ${shown}`)
  }
  expect(report!.Text).toContain('Units sold: 4')
  expect((await mailTo(partner)).map((message) => message.Subject)).toEqual([report!.Subject, confirmation!.Subject])

  // the scheduled run, called at the server's own address as a cron does: every link leads to the app's
  const before = (await mailTo(owner.email)).length
  await adminClient().from('shops').update({ next_report_at: new Date(Date.now() - 60_000).toISOString() }).eq('id', shop.id).throwOnError()
  const cron = await fetch(new URL('/api/cron/deliveries', test.info().project.use.baseURL), { headers: { Authorization: `Bearer ${process.env.CRON_SECRET}` } })
  expect(await cron.json()).toMatchObject({ queuedShops: 1 })
  const mails = await mailTo(owner.email)
  expect(mails).toHaveLength(before + 1)
  const daily = mails[0]!
  expect(daily.Subject).toMatch(/^Chai Corner: ShelfSnap report for /)
  const links = [...daily.HTML.matchAll(/href="(http[^"]+)"/g)].map(([, link]) => link!)
  expect(links.length).toBeGreaterThan(0)
  for (const link of links) expect(link.startsWith(`${test.info().project.use.baseURL}/`), link).toBe(true)
})
