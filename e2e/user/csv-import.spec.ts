import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { openCatalogueTool } from '../_helpers/catalogue'
import { createOwner, getOwnShop, signedInClient } from '../_helpers/stack'
import { expectToast, signIn } from '../_helpers/ui'

// Its own owner: the shared owner's catalogue is read by other specs and must not change.
test('a CSV with blank cells: the preview shows kept values and old → new, and stores exactly that', async ({ page }, testInfo) => {
  const owner = await createOwner(`csv-${testInfo.project.name}`, { shopName: 'CSV Corner' })
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  await supabase
    .from('products')
    .insert({ shop_id: shop.id, name: 'Oat Milk 1L', sku: 'OAT-1L', barcode: '05000112233', qty: 7, low_stock_threshold: 2, target_qty: 12, unit_cost: 0.9, unit_price: 1.5 })
    .throwOnError()
  await signIn(page, owner)

  await page.goto('/app/products')
  await openCatalogueTool(page, 'Import CSV')
  await expect(page.getByRole('heading', { name: 'Import products', level: 1 })).toBeVisible()
  // Excel in a comma-decimal locale: BOM, semicolons, 1,60
  const csv = '\uFEFFname;sku;barcode;qty;unit_cost;unit_price\r\n;OAT-1L;;4;;1,60\r\n"Rye Bread; sliced";RYE-1;;3;;2\r\nBroken;BRK;;lots;;\r\nScan Me;SCN;5,01235E+12;2;;\r\n'
  await page.getByLabel('CSV file').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expectToast(page, 'Preview ready', 'Nothing is saved until you press Import.', 'success')

  const preview = page.getByRole('region', { name: 'Preview of stock.csv' })
  await expect(preview.getByText('2 of 4 rows ready to import, 2 with problems (left out).')).toBeVisible()
  await expect(preview.getByText('1 new, 1 changed, 0 unchanged.')).toBeVisible()
  const problems = preview.getByRole('list', { name: 'Rows left out of the import' })
  await expect(problems.getByRole('listitem')).toHaveText([
    "Line 4, Broken: quantity 'lots' is not a whole number",
    // Excel saved the barcode as a number, shortened: taken as a code it would replace the real one
    "Line 5, Scan Me: barcode '5,01235E+12' is a number a spreadsheet shortened, so its digits are lost: format the column as text in the spreadsheet and enter the codes again",
  ])

  const oat = preview.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Line 2: Oat Milk 1L (OAT-1L)' }) })
  await expect(oat.getByText('Updated', { exact: true })).toBeVisible()
  await expect(oat.getByRole('term')).toHaveText(['Stock', 'Price', 'Name', 'Barcode', 'Cost'])
  await expect(oat.getByRole('definition')).toHaveText(['7 → 4', '1.50 → 1.60', 'Oat Milk 1L (kept)', '05000112233 (kept)', '0.90 (kept)'])
  const rye = preview.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Line 3: Rye Bread; sliced (RYE-1)' }) })
  await expect(rye.getByText('New', { exact: true })).toBeVisible()
  await expect(rye.getByRole('definition')).toHaveText(['Rye Bread; sliced', 'RYE-1', '3', '2.00'])

  const { violations } = await new AxeBuilder({ page }).include('main').analyze()
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])

  const { data: untouched } = await supabase.from('products').select('sku').eq('shop_id', shop.id).throwOnError()
  expect(untouched).toEqual([{ sku: 'OAT-1L' }])

  await preview.getByRole('button', { name: 'Import 2 products' }).click()
  await expectToast(page, 'Products imported', '1 new product, 1 product updated, 1 stock count changed', 'success')
  await expect(page).toHaveURL('/app/products')

  const [{ data: products }, { data: costs }] = await Promise.all([
    supabase.from('products').select('id, name, sku, barcode, qty, low_stock_threshold, target_qty, unit_price').eq('shop_id', shop.id).order('sku').throwOnError(),
    // members read costs through product_costs (the owner and managers only)
    supabase.from('product_costs').select('product_id, unit_cost').eq('shop_id', shop.id).throwOnError(),
  ])
  const stored = products.map(({ id, ...product }) => ({ ...product, unit_cost: costs.find((cost) => cost.product_id === id)?.unit_cost ?? null }))
  expect(stored).toEqual([
    { name: 'Oat Milk 1L', sku: 'OAT-1L', barcode: '05000112233', qty: 4, low_stock_threshold: 2, target_qty: 12, unit_cost: 0.9, unit_price: 1.6 },
    { name: 'Rye Bread; sliced', sku: 'RYE-1', barcode: null, qty: 3, low_stock_threshold: 0, target_qty: null, unit_cost: null, unit_price: 2 },
  ])
})
