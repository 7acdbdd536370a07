import { readFileSync } from 'node:fs'
import { axe } from '../_helpers/axe'
import { expect, test } from '@playwright/test'
import { movementsOf, openCatalogueTool, ownerWithCatalogue, productId, stockOf } from '../_helpers/catalogue'
import { realtimeSockets } from '../_helpers/realtime'
import { getOwnShop, signedInClient, type NewProduct } from '../_helpers/stack'
import { expectToast, productCard } from '../_helpers/ui'

const card = productCard

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

test('adds a product with a photo, prices in the shop currency', async ({ page }) => {
  await ownerWithCatalogue(page, 'add')
  await page.getByRole('link', { name: 'Add Your First Product' }).click()
  await expect(page).toHaveURL('/app/products/new')
  await page.getByLabel('Name').fill('Oat Milk 1L')
  await page.getByLabel('SKU (optional)').fill('OAT-1L')
  await page.getByLabel('Quantity in stock').fill('8')
  await page.getByLabel('Low-stock alert at').fill('3')
  await expect(page.getByText('£').first()).toBeVisible()
  await page.getByLabel('Price (optional)').fill('1.60')
  await page.getByLabel('Choose photo').setInputFiles({ name: 'oat.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('img', { name: 'Product photo' })).toHaveAttribute('src', /\/product-images\/[0-9a-f-]+\/[0-9a-f-]+\.(webp|jpg)$/)
  await page.getByRole('button', { name: 'Add product' }).click()
  await expectToast(page, 'Product added', '', 'success')
  await expect(page).toHaveURL('/app/products')
  const oat = card(page, 'Oat Milk 1L')
  await expect(oat).toContainText('SKU: OAT-1L')
  await expect(oat).toContainText('Stock: 8')
  await expect(oat.getByRole('img', { name: 'Oat Milk 1L' })).toHaveAttribute('src', /product-images/)
})

test('shows the server message on the field: duplicate SKU, bad quantity @any-viewport', async ({ page }) => {
  await ownerWithCatalogue(page, 'dupe', [{ name: 'Whole Milk', sku: 'MILK-1', qty: 4, low_stock_threshold: 1 }])
  await page.goto('/app/products/new')
  await page.getByLabel('Name').fill('Another Milk')
  await page.getByLabel('SKU (optional)').fill('MILK-1')
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByLabel('SKU (optional)')).toHaveAccessibleDescription('A product with this SKU already exists')
  await expect(page.getByLabel('Name')).toHaveValue('Another Milk')
  await page.getByLabel('SKU (optional)').fill('MILK-2')
  await page.getByLabel('Quantity in stock').fill('-1')
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByLabel('Quantity in stock')).toHaveAccessibleDescription('Quantity must be a whole number 0 or more')
})

test('edits a product from its page @any-viewport', async ({ page }) => {
  await ownerWithCatalogue(page, 'edit', [{ name: 'Bread', sku: 'BREAD', qty: 2, low_stock_threshold: 1 }])
  await card(page, 'Bread').getByRole('link', { name: 'Bread', exact: true }).click()
  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByLabel('Name').fill('Sourdough Loaf')
  await page.getByLabel('Target level (optional)').fill('12')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Product saved', '', 'success')
  await expect(page.getByRole('heading', { name: 'Sourdough Loaf', level: 1 })).toBeVisible()
  await expect(page.getByText('Target level').locator('..')).toContainText('12')
})

test('three fast taps on "Sold 1" are one sale of −3 in the ledger; Undo restores it @any-viewport', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'sold', [{ name: 'Cola Can', sku: 'COLA', qty: 5, low_stock_threshold: 2 }])
  const cola = card(page, 'Cola Can')
  const sold = cola.getByRole('button', { name: 'Sold 1 Cola Can' })
  await sold.click()
  await expect(cola).toContainText('Stock: 4')
  await sold.click()
  await sold.click()
  await expect(cola).toContainText('Stock: 2')
  await expect(cola.getByText('Low Stock')).toBeVisible()
  await expectToast(page, 'Sold 3 × Cola Can', 'Stock is now 2', 'success')
  await expect(cola).toContainText('Stock: 2')
  const ledger = await movementsOf(owner, 'COLA')
  expect(ledger.map(({ delta, qty_after, reason }) => ({ delta, qty_after, reason }))).toEqual([{ delta: -3, qty_after: 2, reason: 'sold' }])
  expect(ledger[0]!.request_id).toMatch(/^[0-9a-f-]{36}$/)

  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'Sold 3 × Cola Can' })
    .getByRole('button', { name: 'Undo' })
    .click()
  await expectToast(page, 'Undone: Cola Can', 'Stock is now 5', 'success')
  await expect(cola).toContainText('Stock: 5')
  expect((await movementsOf(owner, 'COLA')).map(({ delta, reason }) => [delta, reason])).toEqual([
    [3, 'sold'],
    [-3, 'sold'],
  ])
  await page.reload()
  await expect(card(page, 'Cola Can')).toContainText('Stock: 5')

  // The product's own page shows the same ledger.
  await card(page, 'Cola Can').getByRole('link', { name: 'Cola Can', exact: true }).click()
  const history = page.getByRole('list', { name: 'Stock movements' }).getByRole('listitem')
  await expect(history.first()).toContainText('+3')
  await expect(history.first()).toContainText('Undone')
  await expect(history.nth(1)).toContainText('−3')
})

test('+1 and "Sold 1" apart in time are separate changes; "Sold 1" is off at zero; a refused sale rolls back @any-viewport', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'step', [{ name: 'Cola Can', sku: 'COLA', qty: 1, low_stock_threshold: 0 }])
  const cola = card(page, 'Cola Can')
  await cola.getByRole('button', { name: 'Add one Cola Can' }).click()
  await expect(cola).toContainText('Stock: 2')
  await expectToast(page, 'Received 1 × Cola Can', 'Stock is now 2', 'success')
  await cola.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
  await cola.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
  await expect(cola).toContainText('Stock: 0')
  await expect(cola.getByRole('button', { name: 'Sold 1 Cola Can' })).toBeDisabled()
  await expect(cola.getByText('Out of Stock')).toBeVisible()
  await expectToast(page, 'Sold 2 × Cola Can', 'Stock is now 0', 'success')
  expect((await movementsOf(owner, 'COLA')).map(({ delta }) => delta)).toEqual([-2, 1])

  // Sold elsewhere meanwhile: live, the card follows the stored stock at once.
  const supabase = await signedInClient(owner)
  const adjust = async (delta: number, reason: 'received' | 'sold') =>
    supabase.rpc('adjust_stock', { p_product_id: await productId(owner, 'COLA'), p_delta: delta, p_reason: reason }).throwOnError()
  const sockets = await realtimeSockets(page.context())
  await adjust(1, 'received')
  await page.reload()
  await expect(cola).toContainText('Stock: 1')
  await expect.poll(() => sockets.joined).toBeGreaterThan(0)
  await adjust(-1, 'sold')
  await expect(cola).toContainText('Stock: 0')
  await expect(cola.getByRole('button', { name: 'Sold 1 Cola Can' })).toBeDisabled()
  await adjust(1, 'received')
  await expect(cola).toContainText('Stock: 1')

  // With the connection lost the screen is stale: the server refuses, the screen goes back to what is stored.
  await sockets.drop()
  await expect(page.getByRole('status').filter({ hasText: 'Live updates paused' })).toBeVisible()
  await adjust(-1, 'sold')
  await cola.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
  await expectToast(page, 'Stock not changed', 'Not enough stock: only 0 in stock', 'error')
  // Back to what is stored, not to what the screen showed before.
  await expect(cola).toContainText('Stock: 0')
  expect(await stockOf(owner, 'COLA')).toBe(0)
})

test('search ignores accents and matches barcodes; the category filter appears when categories exist @any-viewport', async ({ page }) => {
  const products: (NewProduct & { barcode?: string; category?: string })[] = [
    { name: 'Crème Brûlée', sku: 'DES-1', qty: 4, low_stock_threshold: 1, category: 'Desserts' },
    { name: 'Espresso Beans', sku: 'COF-1', qty: 9, low_stock_threshold: 1, barcode: '5012345678900', category: 'Coffee' },
    { name: 'Paper Cups', sku: 'CUP-1', qty: 50, low_stock_threshold: 10 },
  ]
  await ownerWithCatalogue(page, 'accents', products)
  const names = page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 2 })
  await page.getByRole('searchbox', { name: 'Search products' }).fill('creme brulee')
  await expect(names).toHaveText(['Crème Brûlée'])
  await page.getByRole('searchbox', { name: 'Search products' }).fill('678900')
  await expect(names).toHaveText(['Espresso Beans'])
  await page.getByRole('searchbox', { name: 'Search products' }).fill('')
  await page.getByLabel('Category').selectOption('Coffee')
  await expect(page).toHaveURL('/app/products?category=Coffee')
  await expect(names).toHaveText(['Espresso Beans'])
  await page.getByLabel('Category').selectOption({ label: 'All categories' })
  await expect(names).toHaveCount(3)
})

test('the page carries only the rows it draws; the rest is read when the owner reaches for the search, and a failed read says so', async ({ page }) => {
  const products = Array.from({ length: 25 }, (_, i) => ({ name: `Shelf Item ${String(i + 1).padStart(2, '0')}`, qty: 5, low_stock_threshold: 1 }))
  // The catalogue cannot be read, and no copy of it is kept on this phone yet (offline, one would stand in).
  await page.context().route('**/api/products', (route) => route.abort('connectionreset'))
  await ownerWithCatalogue(page, 'lazy', products)
  const html = await (await page.request.get('/app/products')).text()
  expect(html).toContain('Shelf Item 20')
  expect(html).not.toContain('Shelf Item 21')

  const names = page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 2 })
  await expect(names).toHaveCount(20)
  await page.getByRole('searchbox', { name: 'Search products' }).fill('item 25')
  await expect(page.getByRole('alert').filter({ hasText: 'Your products could not be loaded. Check the connection and try again.' })).toBeVisible()
  // Nothing claims to match while the rows are missing.
  await expect(page.getByText('matching "item 25"')).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'true')

  await page.context().unrouteAll()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(names).toHaveText(['Shelf Item 25'])
  await expect(page.getByText('1 product matching "item 25"')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'false')
})

test('adjusts stock with a reason and shows it first in the history @any-viewport', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'adjust', [{ name: 'Eggs x6', sku: 'EGGS', qty: 10, low_stock_threshold: 2 }])
  await card(page, 'Eggs x6').getByRole('link', { name: 'Eggs x6', exact: true }).click()
  await expect(page).toHaveURL(`/app/products/${await productId(owner, 'EGGS')}`)
  await page.getByText('Remove', { exact: true }).click()
  await page.getByLabel('How many').fill('3')
  await page.getByLabel('Reason').selectOption({ label: 'Damaged' })
  await page.getByLabel('Note (optional)').fill('Dropped a tray')
  await page.getByRole('button', { name: 'Save stock change' }).click()
  await expectToast(page, 'Stock updated', 'Stock is now 7', 'success')
  // the form is drawn afresh: its first choice has the focus, not the top of the page
  await expect(page.getByRole('radio', { name: 'Remove' })).toBeFocused()
  const history = page.getByRole('list', { name: 'Stock movements' }).getByRole('listitem')
  await expect(history).toHaveCount(2)
  await expect(history.first()).toContainText('Damaged')
  await expect(history.first()).toContainText('−3')
  await expect(history.first()).toContainText('Dropped a tray')
  await expect(history.first()).toContainText('By hand · You')
  await expect(history.last()).toContainText('Opening stock')
  await expect(history.last()).toContainText('+10')

  await page.getByText('Remove', { exact: true }).click()
  await page.getByLabel('How many').fill('50')
  await page.getByRole('button', { name: 'Save stock change' }).click()
  await expect(page.getByLabel('How many')).toHaveAccessibleDescription('Not enough stock: only 7 in stock')
  await expect(history).toHaveCount(2)

  // a count that already matches books nothing, and the toast does not say it did
  await page.getByText('Set count', { exact: true }).click()
  await page.getByLabel('Counted on the shelf (now 7)').fill('7')
  await page.getByRole('button', { name: 'Save stock change' }).click()
  await expectToast(page, 'Nothing to change', 'The count already matched: nothing changed', 'success')
  await expect(history).toHaveCount(2)
})

test('the history is paginated, newest first @any-viewport', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'history', [{ name: 'Tea Bags', sku: 'TEA', qty: 100, low_stock_threshold: 5 }])
  const id = await productId(owner, 'TEA')
  const supabase = await signedInClient(owner)
  for (let i = 1; i <= 21; i++) await supabase.rpc('adjust_stock', { p_product_id: id, p_delta: -1, p_reason: 'sold', p_note: `sale ${i}` })
  await page.goto(`/app/products/${id}`)
  const history = page.getByRole('list', { name: 'Stock movements' }).getByRole('listitem')
  await expect(history).toHaveCount(20)
  await expect(history.first()).toContainText('sale 21')
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await page.getByRole('link', { name: 'Older' }).click()
  await expect(history).toHaveCount(2)
  await expect(history.last()).toContainText('Opening stock')
})

test('imports a CSV: preview with per-line errors, nothing written until confirmed @any-viewport', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'import')
  await openCatalogueTool(page, 'Import CSV')
  const csv = '\uFEFFName,SKU,qty,unit_price\r\nApples,APL,12,0.40\r\nPears,PER,lots,\r\n"=HYPERLINK(""http://x"")",EVIL,1,\r\n'
  await page.getByLabel('CSV file').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByText('1 of 3 rows ready to import, 2 with problems (left out).')).toBeVisible()
  const problems = page.getByRole('list', { name: 'Rows left out of the import' }).getByRole('listitem')
  await expect(problems).toHaveText(["Line 3, Pears: quantity 'lots' is not a whole number", /^Line 4, EVIL: name '=HYPERLINK\("http:\/\/x"\)' must not start with/])
  await expect(page.getByRole('heading', { name: 'Line 2: Apples (APL)' })).toBeVisible()
  const supabase = await signedInClient(owner)
  const before = await supabase.from('products').select('id', { count: 'exact', head: true })
  expect(before.count).toBe(0)

  await page.getByRole('button', { name: 'Import 1 product' }).click()
  await expectToast(page, 'Products imported', '1 new product, 0 products updated, 0 stock counts changed', 'success')
  await expect(page).toHaveURL('/app/products')
  await expect(card(page, 'Apples')).toContainText('Stock: 12')
  const { data } = await supabase.from('stock_movements').select('reason, source')
  expect(data).toEqual([{ reason: 'initial', source: 'import' }])
})

test('exports the catalogue as CSV with formulas neutralised @any-viewport', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'export', [
    { name: 'Tea, green', sku: 'TEA', qty: 3, low_stock_threshold: 1 },
    { name: '=cmd|calc', sku: 'X', qty: 0, low_stock_threshold: 0 },
  ])
  const [download] = await Promise.all([page.waitForEvent('download'), openCatalogueTool(page, 'Export CSV')])
  const { timezone } = await getOwnShop(owner)
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date())
  expect(download.suggestedFilename()).toBe(`shelfsnap-products-${today}.csv`)
  const text = readFileSync((await download.path())!, 'utf8')
  expect(text).toBe(
    '\uFEFFname,sku,barcode,qty,low_stock_threshold,target_qty,unit_cost,unit_price\r\n' +
      "'=cmd|calc,X,,0,0,,,\r\n" +
      '"Tea, green",TEA,,3,1,,,\r\n',
  )
})

test('deletes a product only after confirming @any-viewport', async ({ page }) => {
  await ownerWithCatalogue(page, 'delete', [
    { name: 'Old Stock', sku: 'OLD', qty: 1, low_stock_threshold: 0 },
    { name: 'Keep Me', sku: 'KEEP', qty: 1, low_stock_threshold: 0 },
  ])
  await card(page, 'Old Stock').getByRole('link', { name: 'Old Stock', exact: true }).click()
  // includeHidden: while the dialog is open, the page behind it (this button too) is aria-hidden
  const deleteButton = page.getByRole('button', { name: 'Delete', exact: true, includeHidden: true })
  await expect(deleteButton).toHaveAttribute('aria-haspopup', 'dialog')
  await deleteButton.click()
  const dialog = page.getByRole('dialog', { name: 'Delete Old Stock?' })
  await expect(deleteButton).toHaveAttribute('aria-expanded', 'true')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  // keyboard users go on from the button they pressed
  await expect(deleteButton).toBeFocused()
  await expect(deleteButton).toHaveAttribute('aria-expanded', 'false')
  await deleteButton.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(deleteButton).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Old Stock', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Delete' }).click()
  // what goes with it, before it goes: the history the reports and orders count
  await expect(dialog).toContainText('reports, even of past days, and purchase orders will no longer count it')
  await dialog.getByRole('button', { name: 'Delete product' }).click()
  await expectToast(page, 'Product deleted', 'Old Stock was removed from your catalogue.', 'success')
  await expect(page).toHaveURL('/app/products')
  await expect(card(page, 'Old Stock')).toHaveCount(0)
  await expect(card(page, 'Keep Me')).toBeVisible()
})

test('the product form has no serious or critical axe violations, errors shown or not', async ({ page }) => {
  await ownerWithCatalogue(page, 'axe-form')
  await page.goto('/app/products/new')
  const serious = async () =>
    (await (await axe(page)).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))
  expect(await serious()).toEqual([])
  await page.getByLabel('Quantity in stock').fill('x')
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name is required')
  await expectToast(page, 'Could not add the product', 'Name is required', 'error')
  // axe would measure the toast half faded in: wait until sonner has mounted it and the transition is over.
  await expect(page.locator('[data-sonner-toast]')).toHaveAttribute('data-mounted', 'true')
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  expect(await serious()).toEqual([])
})
