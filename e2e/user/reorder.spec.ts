import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { openCatalogueTool } from '../_helpers/catalogue'
import { createOwner, getOwnShop, signedInClient } from '../_helpers/stack'
import { expectToast, signIn } from '../_helpers/ui'

test('a new owner orders what runs low: a suggestion with its reasons, a draft order, received in two parts and over, and stock that agrees', async ({ page }) => {
  const owner = await createOwner('reorder', {
    products: [
      { name: 'Whole Milk 1L', sku: 'MILK-1', qty: 2, low_stock_threshold: 6 },
      { name: 'Butter 250g', sku: 'BUTTER-1', qty: 20, low_stock_threshold: 3 },
    ],
  })
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  const { data: milk } = await supabase.from('products').update({ target_qty: 24 }).eq('sku', 'MILK-1').select('id').single().throwOnError()
  const { data: dairy } = await supabase.from('suppliers').insert({ shop_id: shop.id, name: 'Dairy Direct', lead_time_days: 3 }).select('id').single().throwOnError()
  await supabase.rpc('link_product_supplier', { p_product_id: milk.id, p_supplier_id: dairy.id, p_pack_size: 12, p_unit_cost: 0.35 }).throwOnError()
  const stock = async () => (await supabase.from('products').select('qty').eq('id', milk.id).single().throwOnError()).data.qty

  await signIn(page, owner, '/app/products')
  await openCatalogueTool(page, 'Reorder')
  await expect(page.getByRole('heading', { name: 'Reorder', level: 1 })).toBeVisible()
  const group = page.getByRole('region', { name: 'Dairy Direct' })
  await expect(group.getByRole('heading')).toHaveText('Dairy Direct · delivers in 3 days')
  const line = group.getByRole('checkbox', { name: 'Whole Milk 1L: order 24 units (2 × 12)' })
  await expect(line).toBeChecked()
  await expect(group).toContainText(
    'In stock 2. It has no sales in the 28 selling days before today, so its low-stock level (6) and target (24) decide: needs 22, so 2 packs of 12 (24).',
  )
  await expect(page.getByText('Butter 250g')).toHaveCount(0)

  await page.getByRole('button', { name: 'Make draft orders' }).click()
  await expectToast(page, 'Draft orders ready', '1 draft order made. Check it, then mark it sent: until then a draft counts as on order.', 'success')
  await expect(page).toHaveURL('/app/purchase-orders')
  // on order, in the catalogue and on the product's page
  await page.goto('/app/products')
  await expect(page.getByRole('listitem').filter({ hasText: 'Whole Milk 1L' })).toContainText('Stock: 2Low Stock24 on order')
  // and among the dashboard's low-stock alerts: still low on the shelf, with the order coming
  await page.goto('/dashboard')
  await expect(page.getByRole('list', { name: 'Low stock products' }).getByRole('listitem').filter({ hasText: 'Whole Milk 1L' })).toContainText(
    'Current: 2 · Optimal: 24 · On order: 24',
  )
  await page.goto('/app/purchase-orders')
  await page.getByRole('link', { name: 'PO-0001 · Dairy Direct' }).click()
  // the draft holds what the suggestion showed
  const { data: lines } = await supabase.from('purchase_order_lines').select('packs, pack_size, qty, unit_cost, received').throwOnError()
  expect(lines).toEqual([{ packs: 2, pack_size: 12, qty: 24, unit_cost: 0.35, received: 0 }])
  // the CSV for the supplier says the same
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const csv = readFileSync((await (await download).path())!, 'utf8')
  expect(csv).toContain('Whole Milk 1L,MILK-1,2,12,24,0,0.35,8.40\r\n')
  expect((await page.request.get(`/app/purchase-orders/${randomUUID()}/export`)).status()).toBe(404)

  // a draft has not gone to the supplier: nothing to receive on it yet, and its packs can change
  await expect.soft(page.getByRole('button', { name: 'Receive stock' })).toHaveCount(0)
  await expect.soft(page.getByRole('heading', { name: 'Receive stock' })).toHaveCount(0)
  const packs = page.getByLabel('Whole Milk 1L: packs of 12')
  await expect(packs).toHaveValue('2')
  await expect(page.getByRole('main')).toContainText('Whole Milk 1L: packs of 12 (24 units ordered)')
  const storedQty = async () => (await supabase.from('purchase_order_lines').select('qty').single().throwOnError()).data.qty
  for (const [value, units] of [['3', 36], ['2', 24]] as const) {
    await packs.fill(value)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expectToast(page, 'Order saved', '1 line changed', 'success')
    await expect(page.getByRole('main')).toContainText(`Whole Milk 1L: packs of 12 (${units} units ordered)`)
    expect(await storedQty()).toBe(units)
  }
  await packs.fill('two')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(packs).toHaveAccessibleDescription('Packs must be a whole number from 0 to 100,000 (0 takes the line off)')
  await packs.fill('0')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Could not save the order', 'An order needs at least one line: cancel it instead', 'error')
  expect(await storedQty()).toBe(24)
  // Mark sent sends the order as saved: with a change typed and not saved, it waits (it sent 24 and dropped the 3)
  await packs.fill('3')
  const send = page.getByRole('button', { name: 'Mark sent' })
  await expect(send).toBeDisabled()
  await expect(send).toHaveAccessibleDescription('Save your changes first: the order is sent as saved.')
  await page.reload()

  await expect(send).toBeEnabled()
  await send.click()
  await expectToast(page, 'Order marked sent', 'PO-0001 is sent: receive its stock here when it arrives.', 'success')
  const arrived = page.getByLabel('Arrived now: Whole Milk 1L')
  await expect(arrived).toHaveValue('24')
  await expect(page.getByRole('heading', { name: 'Receive stock' })).toBeVisible()
  await arrived.fill('10')
  // offline: nothing sent, the numbers kept
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Receive stock' }).click()
  await expectToast(page, 'Could not receive the stock', "You're offline, so this was not sent.", 'error')
  await expect(arrived).toHaveValue('10')
  await page.context().setOffline(false)
  expect(await stock()).toBe(2)
  // a double tap sends one receipt: one toast, and it says the line was received
  await page.getByRole('button', { name: 'Receive stock' }).dblclick()
  await expectToast(page, 'Stock received', '1 line received.', 'success')
  await page.waitForLoadState('networkidle')
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')
  await expect(toasts.filter({ hasText: 'Stock received' })).toHaveCount(1)
  await expect(toasts.filter({ hasText: /already been received|Enter how many arrived/ })).toHaveCount(0)
  await expect(page.getByRole('main')).toContainText('Ordered 24 (2 × 12) · received 10 · 14 still to come · £0.35 each')
  await expect(page.getByRole('main')).toContainText("Stock received at a cost per unit makes that the product's cost, for its stock value and margins.")
  // the milk had no cost of its own: the delivery's is now its cost, as the line showed it
  expect((await supabase.from('product_costs').select('unit_cost').eq('product_id', milk.id).single().throwOnError()).data.unit_cost).toBe(0.35)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Partly received')
  expect(await stock()).toBe(12)
  // a second tap (a double tap) books nothing and asks nothing: the box is not refilled with the rest,
  // and the button says the stock is received until a box changes
  await expect(arrived).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Stock received' })).toBeDisabled()
  await arrived.fill('0')
  await arrived.fill('')
  await page.getByRole('button', { name: 'Receive stock' }).click()
  await expectToast(page, 'Could not receive the stock', 'Enter how many arrived', 'error')
  expect(await stock()).toBe(12)
  await page.goto(`/app/products/${milk.id}`)
  await expect(page.getByRole('main')).toContainText('Stock: 1214 on order')
  await page.goBack()

  await expect(arrived).toHaveValue('14')
  // the rest arrives with 5 more than ordered: asked first
  await arrived.fill('19')
  await page.getByRole('button', { name: 'Receive stock' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Whole Milk 1L: 19 arrived, but only 14 of the 24 ordered are still to come. Confirm to receive more than ordered.')
  expect(await stock()).toBe(12)
  await page.getByRole('button', { name: 'Receive more than ordered' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Received')
  // received in full: the lines as they stand, and nothing more to receive
  await expect(page.getByRole('main')).toContainText('Whole Milk 1L: ordered 24, received 29')
  await expect(page.getByRole('button', { name: 'Receive stock' })).toHaveCount(0)
  await expect(page.getByLabel('Arrived now: Whole Milk 1L')).toHaveCount(0)
  expect(await stock()).toBe(31)
  const { data: receipts } = await supabase.from('stock_movements').select('delta, reason, source, note').eq('source', 'purchase_order').order('created_at').throwOnError()
  expect(receipts).toEqual([10, 19].map((delta) => ({ delta, reason: 'received', source: 'purchase_order', note: 'PO-0001' })))

  await page.goto('/app/reorder')
  await expect(page.getByRole('heading', { name: 'Nothing to order now' })).toBeVisible()

  // a supplier an order names stays on file: its page says so, and offers no Delete that would be refused
  await page.goto(`/app/suppliers/${dairy.id}`)
  await expect(page.getByRole('region', { name: 'Delete' })).toHaveText(
    'Dairy Direct stays on file: 1 purchase order names it. Unlink it from your products to stop ordering from it.',
  )
  await expect(page.getByRole('button', { name: 'Delete supplier' })).toHaveCount(0)
})

test('a product due with no supplier is listed apart, with a link to link one, and no order form to submit', async ({ page }) => {
  const owner = await createOwner('reorder-unlinked', { products: [{ name: 'Free Range Eggs 6', sku: 'EGGS-6', qty: 1, low_stock_threshold: 4 }] })
  await signIn(page, owner, '/app/reorder')
  const group = page.getByRole('region', { name: 'No supplier linked' })
  await expect(group).toContainText("Link a supplier on a product's page to order it here.")
  const link = group.getByRole('link', { name: 'Free Range Eggs 6: order 7 units' })
  await expect(group).toContainText('In stock 1. It has no sales in the 28 selling days before today, so its low-stock level (4) decides, and with no target set it orders up to twice that (8): order 7.')
  await expect(page.getByRole('button', { name: 'Make draft orders' })).toHaveCount(0)
  await link.click()
  await expect(page).toHaveURL(/\/app\/products\/[0-9a-f-]{36}#suppliers-heading$/)
  await expect(page.getByRole('heading', { name: 'Free Range Eggs 6', level: 1 })).toBeVisible()
})

test("a supplier's open draft takes the next suggestions, as the page says, instead of a second order @any-viewport", async ({ page }) => {
  const owner = await createOwner('reorder-draft', {
    products: [
      { name: 'Oat Milk 1L', sku: 'OAT-1', qty: 0, low_stock_threshold: 6 },
      { name: 'Eggs 6', sku: 'EGGS-6', qty: 1, low_stock_threshold: 4 },
    ],
  })
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  const { data: products } = await supabase.from('products').select('id, name').order('name').throwOnError()
  const { data: dairy } = await supabase.from('suppliers').insert({ shop_id: shop.id, name: 'Dairy Direct' }).select('id').single().throwOnError()
  for (const product of products) await supabase.rpc('link_product_supplier', { p_product_id: product.id, p_supplier_id: dairy.id, p_pack_size: 6 }).throwOnError()
  const oat = products.find((product) => product.name === 'Oat Milk 1L')!
  await supabase.rpc('create_purchase_order', { p_supplier_id: dairy.id, p_lines: [{ product_id: oat.id, packs: 1 }] }).throwOnError()

  await signIn(page, owner, '/app/reorder')
  const group = page.getByRole('region', { name: 'Dairy Direct' })
  await expect(group).toContainText('Ticked lines are added to the open draft PO-0001, not a new order: what it holds already counts as on order.')
  // what each line shows it orders is what the draft gains
  const shown = new Map<string, number>()
  for (const box of await group.getByRole('checkbox').all()) {
    const label = (await box.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent)) ?? ''
    const [, name, packs] = /^(.+): order \d+ units \((\d+) × 6\)$/.exec(label) ?? []
    shown.set(name!, Number(packs))
  }
  expect([...shown.keys()].sort()).toEqual(['Eggs 6', 'Oat Milk 1L'])
  await page.getByRole('button', { name: 'Add to the draft order' }).click()
  await expectToast(page, 'Draft orders ready', 'Added to draft PO-0001. Check it, then mark it sent: until then a draft counts as on order.', 'success')
  await expect(page).toHaveURL('/app/purchase-orders')
  await expect(page.getByRole('link', { name: /^PO-\d+ · Dairy Direct/ })).toHaveCount(1)
  const { data: lines } = await supabase.from('purchase_order_lines').select('packs, products(name)').throwOnError()
  const stored = new Map(lines.map((line) => [(line.products as unknown as { name: string }).name, line.packs]))
  expect(stored).toEqual(new Map([['Eggs 6', shown.get('Eggs 6')], ['Oat Milk 1L', 1 + shown.get('Oat Milk 1L')!]]))
})

test('a purchase order on paper, by email and as a message says who orders from whom, on what date, each line at its cost and the total @any-viewport', async ({ page, context }) => {
  const owner = await createOwner('po-print', { shopName: 'Corner Cafe', products: [{ name: 'Oat Milk 1L', sku: 'OAT-1', qty: 0, low_stock_threshold: 0 }, { name: 'Eggs 6', sku: null, qty: 0, low_stock_threshold: 0 }] })
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  const { data: products } = await supabase.from('products').select('id, name').order('name').throwOnError()
  const { data: dairy } = await supabase.from('suppliers').insert({ shop_id: shop.id, name: 'Dairy Direct', email: 'orders@dairy.example' }).select('id').single().throwOnError()
  const [eggs, oat] = products
  await supabase.rpc('link_product_supplier', { p_product_id: oat!.id, p_supplier_id: dairy.id, p_pack_size: 6, p_unit_cost: 0.35 }).throwOnError()
  const { data: order } = await supabase
    .rpc('create_purchase_order', { p_supplier_id: dairy.id, p_lines: [{ product_id: oat!.id, packs: 3 }, { product_id: eggs!.id, packs: 2 }] })
    .single<{ id: string }>()
    .throwOnError()

  await signIn(page, owner, `/app/purchase-orders/${order.id}`)
  await expect(page.getByRole('main')).toContainText('2 products · £6.30 at cost (1 line without a cost)')
  const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: shop.timezone }).format(new Date())
  const message = [
    'Purchase order PO-0001 from Corner Cafe',
    `Date: ${today}`,
    '',
    '- Eggs 6: 2 units',
    '- Oat Milk 1L (OAT-1): 3 × 6 (18 units) at £0.35',
    '',
    'Total: 20 units, £6.30 (1 line without a cost not included)',
  ].join('\n')
  const mail = new URL((await page.getByRole('link', { name: 'Email supplier' }).getAttribute('href'))!)
  expect([mail.protocol, decodeURIComponent(mail.pathname), mail.searchParams.get('subject'), mail.searchParams.get('body')]).toEqual([
    'mailto:',
    'orders@dairy.example',
    'Purchase order PO-0001 from Corner Cafe',
    message,
  ])
  // no share sheet in this browser: the message is copied to paste into one
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy order' }).click()
  await expectToast(page, 'Order copied', 'Paste it into a message to the supplier.', 'success')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message)
  // a change typed and not saved: nothing goes to the supplier until it is, as with Mark sent
  await page.getByLabel('Oat Milk 1L: packs of 6 (18 units ordered)').fill('4')
  await expect(page.getByRole('button', { name: 'Email supplier' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Copy order' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Copy order' })).toHaveAccessibleDescription('Save your changes first: the order is sent as saved.')
  await page.reload()

  await page.emulateMedia({ media: 'print' })
  const paper = page.getByTestId('order-printout')
  await expect(paper).toContainText(`Purchase order PO-0001From: Corner CafeTo: Dairy DirectDate: ${today}`)
  await expect(paper.getByRole('row')).toHaveText([
    'ProductSKUPacksUnitsUnit costLine total',
    'Eggs 622——',
    'Oat Milk 1LOAT-13 × 618£0.35£6.30',
    'Total (1 line without a cost not included)20£6.30',
  ])
  await expect(page.getByRole('heading', { name: /PO-0001/ })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Mark sent' })).toBeHidden()
})

test('the orders list opens on the orders still to send or receive; received and cancelled ones are a tap away', async ({ page }) => {
  const owner = await createOwner('po-tabs', { products: [{ name: 'Eggs 6', sku: null, qty: 0, low_stock_threshold: 0 }] })
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  const { data: product } = await supabase.from('products').select('id').single().throwOnError()
  const { data: dairy } = await supabase.from('suppliers').insert({ shop_id: shop.id, name: 'Dairy Direct' }).select('id').single().throwOnError()
  const order = async () =>
    (await supabase.rpc('create_purchase_order', { p_supplier_id: dairy.id, p_lines: [{ product_id: product.id, packs: 1 }] }).single<{ id: string }>().throwOnError()).data.id
  const [, received, cancelled] = [await order(), await order(), await order()]
  await supabase.rpc('set_purchase_order_status', { p_purchase_order_id: received, p_status: 'sent' }).throwOnError()
  const { data: line } = await supabase.from('purchase_order_lines').select('id').eq('purchase_order_id', received).single().throwOnError()
  await supabase.rpc('receive_purchase_order', { p_purchase_order_id: received, p_lines: [{ line_id: line.id, units: 1, received_before: 0 }], p_allow_over: false }).throwOnError()

  await signIn(page, owner, `/app/purchase-orders/${cancelled}`)
  await page.getByRole('button', { name: 'Cancel order' }).click()
  await page.getByRole('dialog', { name: 'Cancel PO-0003?' }).getByRole('button', { name: 'Cancel order' }).click()
  await expectToast(page, 'Order cancelled', 'PO-0003 is cancelled.', 'success')

  const tabs = page.getByRole('navigation', { name: 'Show orders' })
  const listed = async (list: string) => page.getByRole('list', { name: list }).getByRole('link').allTextContents()
  await page.goto('/app/purchase-orders')
  await expect(tabs.getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page')
  expect(await listed('Open purchase orders')).toEqual(['PO-0001 · Dairy Direct'])
  for (const [tab, list, numbers] of [
    ['Received', 'Received purchase orders', ['PO-0002 · Dairy Direct']],
    ['Cancelled', 'Cancelled purchase orders', ['PO-0003 · Dairy Direct']],
    ['All', 'Purchase orders', ['PO-0003 · Dairy Direct', 'PO-0002 · Dairy Direct', 'PO-0001 · Dairy Direct']],
  ] as const) {
    await tabs.getByRole('link', { name: tab }).click()
    await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('list', { name: list })).toBeVisible()
    expect(await listed(list)).toEqual(numbers)
  }
  await expect(page).toHaveURL('/app/purchase-orders?show=all')
})

test('a shop with many products due and no suppliers yet: the dashboard alerts the emptiest 10 and counts the rest; Reorder lists the emptiest 20 and shows all on a tap', async ({ page }) => {
  // 23 products, each low: stock 0–4 against a low-stock level of 10, none linked to a supplier
  const products = Array.from({ length: 23 }, (_, i) => ({ name: `Due ${String(i + 1).padStart(2, '0')}`, sku: `DUE-${i + 1}`, qty: i % 5, low_stock_threshold: 10 }))
  const owner = await createOwner('reorder-many', { products })
  const byEmptiest = products.toSorted((a, b) => a.qty - b.qty || a.name.localeCompare(b.name)).map((p) => p.name)

  await signIn(page, owner, '/dashboard')
  const alerts = page.getByRole('region', { name: 'Low Stock Alerts' })
  await expect(alerts.getByRole('list', { name: 'Low stock products' }).getByRole('link')).toHaveText(byEmptiest.slice(0, 10))
  await expect(alerts).toContainText('And 13 more low-stock products: see the catalogue by stock.')
  await alerts.getByRole('link', { name: 'catalogue by stock' }).click()
  await expect(page).toHaveURL('/app/products?sort=stock')
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('stock')

  await page.goto('/app/reorder')
  const group = page.getByRole('region', { name: 'No supplier linked' })
  const lines = group.getByRole('listitem').getByRole('link')
  await expect(lines).toHaveCount(20)
  await expect(lines.first()).toHaveText('Due 01: order 20 units')
  expect((await lines.allTextContents()).map((text) => text.split(':')[0])).toEqual(byEmptiest.slice(0, 20))
  await group.getByRole('link', { name: 'Show all 23 products' }).click()
  await expect(page).toHaveURL('/app/reorder?unlinked=all')
  await expect(lines).toHaveCount(23)
  expect((await lines.allTextContents()).map((text) => text.split(':')[0])).toEqual(byEmptiest)
  await expect(group.getByRole('link', { name: /^Show all/ })).toHaveCount(0)
})
