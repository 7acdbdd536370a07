import { expect, test } from '@playwright/test'
import { createOwner, getOwnShop, signedInClient } from '../_helpers/stack'
import { expectToast, signIn } from '../_helpers/ui'

// Its own owner: the shared e2e shop's product count stays as other specs expect.
test('the product form marks every invalid field at once and focuses the first; an edited field loses its mark until the next answer; fixed, it adds exactly what was typed @any-viewport', async ({ page }) => {
  const owner = await createOwner('product-form', { shopName: 'Form Shop' })
  await signIn(page, owner, '/app/products/new')

  const name = page.getByLabel('Name', { exact: true })
  const qty = page.getByLabel('Quantity in stock')
  const low = page.getByLabel('Low-stock alert at')
  const price = page.getByLabel('Price (optional)')
  await qty.fill('-1')
  await low.fill('2.5')
  await price.fill('abc')
  await page.getByRole('button', { name: 'Add product' }).click()

  await expectToast(page, 'Could not add the product', 'Name is required', 'error')
  const marked = [
    [name, 'Name is required'],
    [qty, 'Quantity must be a whole number 0 or more'],
    [low, 'Low-stock alert level must be a whole number 0 or more'],
    [price, 'Price must be an amount of 0 or more, like 2.50'],
  ] as const
  for (const [field, message] of marked) {
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(message)
  }
  await expect(page.getByLabel('SKU (optional)')).not.toHaveAttribute('aria-invalid')
  await expect(name).toBeFocused()

  // Editing a field takes its error away at once; the others keep theirs until the next answer.
  await name.fill('Ginger Beer 330ml')
  await expect(name).not.toHaveAttribute('aria-invalid')
  await expect(name).toHaveAccessibleDescription('')
  await expect(page.getByText('Name is required', { exact: true })).toBeHidden()
  await expect(qty).toHaveAccessibleDescription('Quantity must be a whole number 0 or more')
  await price.fill('still wrong')
  await expect(price).not.toHaveAttribute('aria-invalid')

  // The first field still wrong takes the focus next time, and an edit still wrong is marked again.
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(qty).toBeFocused()
  await expect(name).not.toHaveAttribute('aria-invalid')
  await expect(price).toHaveAccessibleDescription('Price must be an amount of 0 or more, like 2.50')

  await qty.fill('7')
  await low.fill('2')
  await price.fill('1.35')
  await page.getByRole('button', { name: 'Add product' }).click()
  await expectToast(page, 'Product added', '', 'success')
  await expect(page).toHaveURL('/app/products')
  const shop = await getOwnShop(owner)
  const { data } = await (await signedInClient(owner)).from('products').select('name, qty, low_stock_threshold, unit_price').eq('shop_id', shop.id).throwOnError()
  expect(data).toEqual([{ name: 'Ginger Beer 330ml', qty: 7, low_stock_threshold: 2, unit_price: 1.35 }])
})

test('a name over 120 characters is not cut: the form says it is too long, and nothing is stored until it fits @any-viewport', async ({ page }) => {
  const owner = await createOwner('product-name', { shopName: 'Name Shop' })
  await signIn(page, owner, '/app/products/new')
  const long = 'Organic free-range large brown eggs from Hill Farm, packed by hand in a recycled box of six, best before the date on the lid'
  expect(long.length).toBeGreaterThan(120)

  const name = page.getByLabel('Name', { exact: true })
  await name.fill(long)
  await expect(name).toHaveValue(long)
  await page.getByRole('button', { name: 'Add product' }).click()
  await expectToast(page, 'Could not add the product', 'Name must be 120 characters or less', 'error')
  await expect(name).toHaveAccessibleDescription('Name must be 120 characters or less')
  await expect(name).toHaveValue(long)
  const supabase = await signedInClient(owner)
  expect((await supabase.from('products').select('name').throwOnError()).data).toEqual([])

  const shorter = 'Organic free-range large brown eggs from Hill Farm, box of six'
  await name.fill(shorter)
  await page.getByRole('button', { name: 'Add product' }).click()
  await expectToast(page, 'Product added', '', 'success')
  expect((await supabase.from('products').select('name').throwOnError()).data).toEqual([{ name: shorter }])
})

test('offline, or with its answer lost, Add product keeps what was typed and says so; sent again, it adds one product @any-viewport', async ({ page, context }) => {
  const owner = await createOwner('product-lost', { shopName: 'Lost Shop' })
  await signIn(page, owner, '/app/products/new')
  const supabase = await signedInClient(owner)
  const stored = async () => (await supabase.from('products').select('name, qty').throwOnError()).data
  const name = page.getByLabel('Name', { exact: true })
  await name.fill('Net Bun')
  await page.getByLabel('Quantity in stock').fill('7')
  const add = page.getByRole('button', { name: 'Add product' })

  await context.setOffline(true)
  await add.click()
  await expectToast(page, 'Could not add the product', "You're offline, so this was not sent. What you typed is kept: tap again once you're back online.", 'error')
  await expect(name).toHaveValue('Net Bun')
  await context.setOffline(false)
  expect(await stored()).toEqual([])

  // the server makes the product, and its answer never arrives
  await page.route('**/app/products/new', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    await route.fetch()
    await route.abort('connectionreset')
  })
  await add.click()
  await expectToast(page, 'Could not add the product', 'ShelfSnap did not answer, so this may not have been saved. What you typed is kept: check your connection and tap again.', 'error')
  await expect(name).toHaveValue('Net Bun')
  await expect(page.getByLabel('Quantity in stock')).toHaveValue('7')
  expect(await stored()).toEqual([{ name: 'Net Bun', qty: 7 }])

  await page.unroute('**/app/products/new')
  await add.click()
  await expectToast(page, 'Product added', '', 'success')
  // the failure's toast goes with the success, not beside it
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Could not add the product' })).toHaveCount(0)
  await expect(page).toHaveURL('/app/products')
  expect(await stored()).toEqual([{ name: 'Net Bun', qty: 7 }])
})
