import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { createOwner, getOwnShop, signedInClient, type Credentials, type NewProduct } from '../_helpers/stack'
import { expectToast, productCard, signInThroughUi } from '../_helpers/ui'

// Every test has its own owner: the specs change stock and may run side by side.
async function ownerWithCatalogue(page: Page, tag: string, products: NewProduct[] = []): Promise<Credentials> {
  const owner = await createOwner(tag, { shopName: 'Catalogue Shop', products })
  await signInThroughUi(page, owner)
  await expect(page).toHaveURL('/app/products')
  return owner
}

const card = productCard

async function productId(owner: Credentials, sku: string): Promise<string> {
  const supabase = await signedInClient(owner)
  const { data } = await supabase.from('products').select('id').eq('sku', sku).single().throwOnError()
  return data.id as string
}

async function stockOf(owner: Credentials, sku: string): Promise<number> {
  const supabase = await signedInClient(owner)
  const { data } = await supabase.from('products').select('qty').eq('sku', sku).single().throwOnError()
  return data.qty as number
}

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

test('shows the server message on the field: duplicate SKU, bad quantity', async ({ page }) => {
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

test('edits a product from its card', async ({ page }) => {
  await ownerWithCatalogue(page, 'edit', [{ name: 'Bread', sku: 'BREAD', qty: 2, low_stock_threshold: 1 }])
  await card(page, 'Bread').getByRole('link', { name: 'Edit Bread' }).click()
  await page.getByLabel('Name').fill('Sourdough Loaf')
  await page.getByLabel('Target level (optional)').fill('12')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Product saved', '', 'success')
  await expect(page.getByRole('heading', { name: 'Sourdough Loaf', level: 1 })).toBeVisible()
  await expect(page.getByText('Target level').locator('..')).toContainText('12')
})

test('−1 and +1 on a card change stock at once and keep it; −1 is off at zero', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'step', [{ name: 'Cola Can', sku: 'COLA', qty: 1, low_stock_threshold: 0 }])
  const cola = card(page, 'Cola Can')
  await cola.getByRole('button', { name: 'Add one Cola Can' }).click()
  await cola.getByRole('button', { name: 'Add one Cola Can' }).click()
  await expect(cola).toContainText('Stock: 3')
  await cola.getByRole('button', { name: 'Remove one Cola Can' }).click()
  await cola.getByRole('button', { name: 'Remove one Cola Can' }).click()
  await cola.getByRole('button', { name: 'Remove one Cola Can' }).click()
  await expect(cola).toContainText('Stock: 0')
  await expect(cola.getByRole('button', { name: 'Remove one Cola Can' })).toBeDisabled()
  await expect(cola.getByText('Low Stock')).toBeVisible()
  // The taps are sent one after another: let the last one land before leaving the page.
  await expect.poll(async () => stockOf(owner, 'COLA')).toBe(0)
  await page.reload()
  await expect(card(page, 'Cola Can')).toContainText('Stock: 0')
})

test('adjusts stock with a reason and shows it first in the history', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'adjust', [{ name: 'Eggs x6', sku: 'EGGS', qty: 10, low_stock_threshold: 2 }])
  await card(page, 'Eggs x6').getByRole('link', { name: 'Eggs x6', exact: true }).click()
  await expect(page).toHaveURL(`/app/products/${await productId(owner, 'EGGS')}`)
  await page.getByText('Remove', { exact: true }).click()
  await page.getByLabel('How many').fill('3')
  await page.getByLabel('Reason').selectOption({ label: 'Damaged' })
  await page.getByLabel('Note (optional)').fill('Dropped a tray')
  await page.getByRole('button', { name: 'Save stock change' }).click()
  await expectToast(page, 'Stock updated', 'Stock is now 7', 'success')
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
})

test('the history is paginated, newest first', async ({ page }) => {
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

test('imports a CSV: preview with per-line errors, nothing written until confirmed', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'import')
  await page.getByRole('link', { name: 'Import CSV' }).click()
  const csv = '\uFEFFName,SKU,qty,unit_price\r\nApples,APL,12,0.40\r\nPears,PER,lots,\r\n"=HYPERLINK(""http://x"")",EVIL,1,\r\n'
  await page.getByLabel('CSV file').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByText('1 of 3 rows ready to import, 2 with problems (left out).')).toBeVisible()
  await expect(page.getByText('Line 3: qty must be a whole number 0 or more')).toBeVisible()
  await expect(page.getByText(/^Line 4: name must not start with/)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Rows to import' })).toContainText('Apples')
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

test('exports the catalogue as CSV with formulas neutralised', async ({ page }) => {
  const owner = await ownerWithCatalogue(page, 'export', [
    { name: 'Tea, green', sku: 'TEA', qty: 3, low_stock_threshold: 1 },
    { name: '=cmd|calc', sku: 'X', qty: 0, low_stock_threshold: 0 },
  ])
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
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

test('deletes a product only after confirming', async ({ page }) => {
  await ownerWithCatalogue(page, 'delete', [
    { name: 'Old Stock', sku: 'OLD', qty: 1, low_stock_threshold: 0 },
    { name: 'Keep Me', sku: 'KEEP', qty: 1, low_stock_threshold: 0 },
  ])
  await card(page, 'Old Stock').getByRole('button', { name: 'Delete Old Stock' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Old Stock?' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(card(page, 'Old Stock')).toBeVisible()
  await card(page, 'Old Stock').getByRole('button', { name: 'Delete Old Stock' }).click()
  await dialog.getByRole('button', { name: 'Delete product' }).click()
  await expectToast(page, 'Product deleted', 'Old Stock was removed from your catalogue.', 'success')
  await expect(card(page, 'Old Stock')).toHaveCount(0)
  await expect(card(page, 'Keep Me')).toBeVisible()
})

test('the product form has no serious or critical axe violations, errors shown or not', async ({ page }) => {
  await ownerWithCatalogue(page, 'axe-form')
  await page.goto('/app/products/new')
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
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
