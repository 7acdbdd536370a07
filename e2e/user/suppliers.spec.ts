import { axe } from '../_helpers/axe'
import { expect, test, type Page } from '@playwright/test'
import { openCatalogueTool } from '../_helpers/catalogue'
import { createOwner, getOwnShop, signedInClient, type Credentials } from '../_helpers/stack'
import { controlsPastRightEdge, expectToast, signIn } from '../_helpers/ui'

const suppliers = (page: Page) => page.getByRole('list', { name: 'Suppliers' }).getByRole('listitem')

async function storedSuppliers(owner: Credentials) {
  const supabase = await signedInClient(owner)
  const { data } = await supabase.from('suppliers').select('name, email, phone, lead_time_days, notes').order('name').throwOnError()
  return data
}

test('a new owner adds a supplier from the products page, corrects a bad email, edits it and deletes it @any-viewport', async ({ page }) => {
  const owner = await createOwner('suppliers')
  await signIn(page, owner, '/app/products')
  await openCatalogueTool(page, 'Suppliers')
  await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No suppliers yet' })).toBeVisible()

  await page.getByRole('link', { name: 'Add supplier' }).click()
  await page.getByLabel('Name').fill('Dairy Direct')
  await page.getByLabel('Email for orders (optional)').fill('orders@dairy')
  await page.getByLabel('Phone (optional)').fill('+44 20 7946 0958')
  await page.getByLabel('Lead time in days').fill('3')
  await page.getByLabel('Notes (optional)').fill('Order by Tuesday noon')
  await page.getByRole('button', { name: 'Add supplier' }).click()
  const email = page.getByLabel('Email for orders (optional)')
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address')
  await expect(email).toBeFocused()
  await expectToast(page, 'Could not add the supplier', 'Please enter a valid email address', 'error')
  expect(await storedSuppliers(owner)).toEqual([])

  await email.fill('orders@dairy.example')
  await page.getByRole('button', { name: 'Add supplier' }).click()
  await expectToast(page, 'Supplier added', 'Dairy Direct is on your list of suppliers.', 'success')
  await expect(page).toHaveURL('/app/suppliers')
  await expect(suppliers(page)).toHaveCount(1)
  const row = suppliers(page).first()
  await expect(row).toContainText('Delivers in 3 days · No products linked yet')
  await expect(row.getByRole('link', { name: 'orders@dairy.example' })).toHaveAttribute('href', 'mailto:orders@dairy.example')
  await expect(row.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958')
  // what the list shows is what was stored
  expect(await storedSuppliers(owner)).toEqual([
    { name: 'Dairy Direct', email: 'orders@dairy.example', phone: '+44 20 7946 0958', lead_time_days: 3, notes: 'Order by Tuesday noon' },
  ])
  expect(await controlsPastRightEdge(page)).toEqual([])

  await row.getByRole('link', { name: 'Dairy Direct' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Dairy Direct' })).toBeVisible()
  await expect(page.getByLabel('Notes (optional)')).toHaveValue('Order by Tuesday noon')
  await page.getByLabel('Lead time in days').fill('5')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Supplier saved', 'Dairy Direct was updated.', 'success')
  await expect(suppliers(page).first()).toContainText('Delivers in 5 days')
  expect((await storedSuppliers(owner))[0]).toMatchObject({ lead_time_days: 5 })

  await suppliers(page).first().getByRole('link', { name: 'Dairy Direct' }).click()
  await page.getByRole('button', { name: 'Delete supplier' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete supplier' }).click()
  await expectToast(page, 'Supplier deleted', 'Dairy Direct was removed.', 'success')
  await expect(page.getByRole('heading', { name: 'No suppliers yet' })).toBeVisible()
  expect(await storedSuppliers(owner)).toEqual([])
})

test('the suppliers pages have no serious or critical axe violations, and another shop’s supplier is not found', async ({ page }) => {
  const owner = await createOwner('suppliers-a11y')
  const rival = await createOwner('suppliers-rival')
  const rivalClient = await signedInClient(rival)
  const { data: shop } = await rivalClient.from('shops').select('id').single().throwOnError()
  const { data: theirs } = await rivalClient.from('suppliers').insert({ shop_id: shop.id, name: 'Rival Wholesale' }).select('id').single().throwOnError()
  await signIn(page, owner, '/app/suppliers/new')
  await expect(page.getByRole('heading', { name: 'Add supplier' })).toBeVisible()
  for (const path of ['/app/suppliers/new', '/app/suppliers']) {
    await page.goto(path)
    const { violations } = await (await axe(page)).analyze()
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  }
  const response = await page.goto(`/app/suppliers/${theirs.id}`)
  expect(response?.status()).toBe(404)
  await page.goto('/app/suppliers/not-a-uuid')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Edit/)
})

test('links two products to a supplier from their pages, in packs and at a cost, as shown; a linked supplier picked again shows its link @any-viewport', async ({ page }) => {
  const owner = await createOwner('supplier-links', {
    products: [
      { name: 'Whole Milk 1L', sku: 'MILK-1', qty: 4, low_stock_threshold: 6 },
      { name: 'Butter 250g', sku: 'BUTTER-1', qty: 9, low_stock_threshold: 3 },
    ],
  })
  const shop = await getOwnShop(owner)
  const supabase = await signedInClient(owner)
  await supabase.from('suppliers').insert({ shop_id: shop.id, name: 'Dairy Direct', lead_time_days: 3 }).throwOnError()
  await signIn(page, owner, '/app/products')
  for (const [name, pack, cost] of [['Whole Milk 1L', '12', '0.35'], ['Butter 250g', '', '1.10']] as const) {
    await page.getByRole('link', { name }).first().click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    const section = page.getByRole('region', { name: 'Suppliers' })
    await expect(section).toContainText('No supplier yet.')
    await section.getByRole('button', { name: 'Link supplier' }).click()
    await expect(section.getByLabel('Supplier', { exact: true })).toHaveAccessibleDescription('Pick a supplier')
    await section.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Dairy Direct' })
    await section.getByLabel('Units per pack').fill(pack)
    await section.getByLabel('Cost per unit (optional)').fill(cost)
    await section.getByRole('button', { name: 'Link supplier' }).click()
    await expectToast(page, 'Supplier linked', `Dairy Direct supplies ${name}.`, 'success')
    const link = section.getByRole('list', { name: `Suppliers of ${name}` }).getByRole('listitem')
    await expect(link).toHaveText(new RegExp(`Dairy DirectPreferred${pack ? `Packs of ${pack}` : 'Single units'} · £${cost} each · delivers in 3 days`))
    // the form starts again blank, not with this link's numbers
    await expect(section.getByLabel('Supplier', { exact: true })).toHaveValue('')
    await expect(section.getByLabel('Units per pack')).toHaveValue('')
    await expect(section.getByLabel('Cost per unit (optional)')).toHaveValue('')
    if (pack) {
      // picking the linked supplier again shows its link, and saving it unchanged keeps it
      await section.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Dairy Direct' })
      await expect(section.getByLabel('Units per pack')).toHaveValue(pack)
      await expect(section.getByLabel('Cost per unit (optional)')).toHaveValue(cost)
      await section.getByRole('button', { name: 'Save link' }).click()
      await expectToast(page, 'Supplier linked', `Dairy Direct supplies ${name}.`, 'success')
      await expect(section.getByLabel('Units per pack')).toHaveValue('')
      await expect(link).toHaveText(new RegExp(`Packs of ${pack} · £${cost} each`))
    }
    await page.goto('/app/products')
  }
  // what the pages show is what was stored
  const { data } = await supabase.from('product_suppliers').select('pack_size, unit_cost, preferred, products(name)').order('pack_size').throwOnError()
  expect(data.map((row) => ({ ...row, unit_cost: Number(row.unit_cost) }))).toEqual([
    { pack_size: 1, unit_cost: 1.1, preferred: true, products: { name: 'Butter 250g' } },
    { pack_size: 12, unit_cost: 0.35, preferred: true, products: { name: 'Whole Milk 1L' } },
  ])
  await page.goto('/app/suppliers')
  await expect(suppliers(page).first()).toContainText('Delivers in 3 days · Supplies 2 products')
})

test("a product's page with no supplier on file adds the first one and comes back to link it; ?next elsewhere goes to the list @any-viewport", async ({ page }) => {
  const owner = await createOwner('first-supplier', { products: [{ name: 'Oat Milk 1L', sku: 'OAT-1', qty: 4, low_stock_threshold: 2 }] })
  await signIn(page, owner, '/app/products')
  await page.getByRole('link', { name: 'Oat Milk 1L' }).first().click()
  await expect(page.getByRole('heading', { name: 'Oat Milk 1L', level: 1 })).toBeVisible()
  const productPage = page.url()
  await page.getByRole('region', { name: 'Suppliers' }).getByRole('link', { name: 'Add your first supplier' }).click()
  await page.getByLabel('Name').fill('Oat Co')
  await page.getByRole('button', { name: 'Add supplier' }).click()
  await expectToast(page, 'Supplier added', 'Oat Co is on your list of suppliers.', 'success')
  await expect(page).toHaveURL(productPage)
  const section = page.getByRole('region', { name: 'Suppliers' })
  await section.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Oat Co' })
  await section.getByRole('button', { name: 'Link supplier' }).click()
  await expectToast(page, 'Supplier linked', 'Oat Co supplies Oat Milk 1L.', 'success')

  await page.goto('/app/suppliers/new?next=//evil.example/app')
  await page.getByLabel('Name').fill('Second Co')
  await page.getByRole('button', { name: 'Add supplier' }).click()
  await expectToast(page, 'Supplier added', 'Second Co is on your list of suppliers.', 'success')
  await expect(page).toHaveURL('/app/suppliers')
})
