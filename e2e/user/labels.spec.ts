import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { axe } from '../_helpers/axe'
import { expect, test, type Page } from '@playwright/test'
import { openCatalogueTool, OWNER_STATE } from '../_helpers/catalogue'
import { createOwner, getOwnShop, signedInClient } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'

function labels(page: Page) {
  return page.getByRole('list', { name: 'Labels' }).getByRole('listitem')
}

function summary(page: Page) {
  return page.getByRole('main').getByRole('status')
}

async function decodeQr(png: Buffer) {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
  await prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true })
  return (await readBarcodes(png, { formats: ['QRCode'] })).map(({ text }) => text)
}

/** 1 mm in CSS pixels */
const MM = 96 / 25.4

test.describe('the setup owner (29 products with a SKU, Dark Chocolate Bar without)', () => {
  test.use({ storageState: OWNER_STATE })

  test('opens Print labels from the products page: a QR label per unit in stock, products picked, copies on request', async ({ page }) => {
    await page.goto('/app/products')
    await openCatalogueTool(page, 'Print labels')
    await expect(page).toHaveURL('/app/products/labels')
    await expect(page.getByRole('heading', { name: 'Print labels', level: 1 })).toBeVisible()
    // One label per unit in stock; the most stocked product (30) sets 16 products to a print of at most 500.
    const sets = page.getByRole('navigation', { name: 'Label sets' })
    await expect(sets).toContainText('Products 1–16 of 29')
    await expect(summary(page)).toHaveText('272 labels for 16 products, 12 A4 sheets of 24.')
    await expect(labels(page)).toHaveCount(272)
    const picker = page.getByRole('group', { name: 'Products to print' })
    await expect(picker.getByRole('listitem').filter({ hasText: 'Oat Milk 1L' })).toContainText('2 copies')
    await expect(picker.getByRole('listitem').filter({ hasText: 'Sparkling Water 500ml' })).toContainText('30 copies')
    await expect(page.getByRole('img', { name: 'QR code for OAT-1L', exact: true })).toHaveCount(2)
    const tin = labels(page).filter({ has: page.getByRole('img', { name: 'QR code for TIN-01', exact: true }) })
    await expect(tin).toHaveCount(20)
    await expect(tin.first()).toContainText('Yellow Tin 01')
    await expect(labels(page).filter({ hasText: 'Dark Chocolate Bar' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()

    const needSku = page.getByRole('region', { name: 'These products need a SKU before they can have a label' })
    await expect(needSku.getByRole('link')).toHaveCount(1)
    await expect(needSku.getByRole('link', { name: 'Dark Chocolate Bar' })).toHaveAttribute('href', /^\/app\/products\/[0-9a-f-]{36}\/edit$/)

    // Only the picked products print.
    await picker.getByRole('button', { name: 'Select none' }).click()
    await expect(summary(page)).toHaveText('No products picked: nothing to print.')
    await expect(labels(page).filter({ visible: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0)
    await picker.getByLabel('Oat Milk 1L').check()
    await picker.getByLabel('Whole Milk 1L').check()
    await expect(summary(page)).toHaveText('16 labels for 2 products, 1 A4 sheet of 24.')
    await expect(labels(page).filter({ visible: true })).toHaveCount(16)
    await page.emulateMedia({ media: 'print' })
    await expect(labels(page).filter({ visible: true })).toHaveCount(16)
    await expect(page.getByRole('img', { name: 'QR code for OAT-1L', exact: true }).filter({ visible: true })).toHaveCount(2)
    await page.emulateMedia({ media: 'screen' })
    await picker.getByRole('button', { name: 'Select all' }).click()
    await expect(labels(page).filter({ visible: true })).toHaveCount(272)

    await page.getByLabel('Copies of each label').fill('3')
    await page.getByRole('button', { name: 'Show labels' }).click()
    await expect(page).toHaveURL('/app/products/labels?copies=3')
    await expect(labels(page)).toHaveCount(87)
    await expect(summary(page)).toHaveText('87 labels for 29 products, 4 A4 sheets of 24.')
    await expect(page.getByRole('img', { name: 'QR code for TIN-01', exact: true })).toHaveCount(3)
    await expect(page.getByLabel('Copies of each label')).toHaveValue('3')
  })

  test('on paper: only the labels, in 63.5 × 33.9 mm cells, 24 to an A4 page, each QR code readable @any-viewport', async ({ page }) => {
    await page.goto('/app/products/labels?copies=1')
    await expect(labels(page)).toHaveCount(29)
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Print labels' })).toBeHidden()
    await expect(page.getByLabel('Copies of each label')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    const box = await labels(page).first().boundingBox()
    expect(box!.width).toBeCloseTo(63.5 * MM, 0)
    expect(box!.height).toBeCloseTo(33.9 * MM, 0)
    const secondRow = await labels(page).nth(3).boundingBox()
    expect(secondRow!.y - box!.y).toBeCloseTo(33.9 * MM, 0)
    // the first column: a phone's viewport is narrower than the sheet
    const coffee = labels(page).first().getByRole('img', { name: 'QR code for COFFEE-227', exact: true })
    expect(await decodeQr(await coffee.screenshot())).toEqual(['COFFEE-227'])

    // Chromium's PDF: 29 labels are two A4 pages, 58 are three
    const pages = async () => (await page.pdf({ preferCSSPageSize: true })).toString('latin1').match(/\/Type\s*\/Page\b/g)?.length
    expect(await pages()).toBe(2)
    await page.goto('/app/products/labels?copies=2')
    await expect(labels(page)).toHaveCount(58)
    expect(await pages()).toBe(3)
  })

  test('a bad ?copies= shows a message and one copy, not an error page @any-viewport', async ({ page }) => {
    await page.goto('/app/products/labels?copies=abc')
    await expect(page.getByRole('heading', { name: 'Print labels', level: 1 })).toBeVisible()
    const message = 'Copies must be a whole number from 1 to 50: showing 1 copy of each label.'
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible()
    await expect(page.getByLabel('Copies of each label')).toHaveAccessibleDescription(message)
    await expect(labels(page)).toHaveCount(29)

    await page.goto('/app/products/labels?copies=99')
    await expect(page.getByText('Copies must be a whole number from 1 to 50: showing 50 copies of each label.')).toBeVisible()
    // 500 labels at most at once: 10 products × 50 copies, in three sets
    await expect(labels(page)).toHaveCount(500)
    const sets = page.getByRole('navigation', { name: 'Label sets' })
    await expect(sets).toContainText('Products 1–10 of 29')
    await expect(sets).toContainText('Set 1 of 3')
    await sets.getByRole('link', { name: 'Next set' }).click()
    await expect(page).toHaveURL('/app/products/labels?copies=50&set=2')
    await expect(sets).toContainText('Products 11–20 of 29')
    await expect(labels(page)).toHaveCount(500)
  })

  test('the labels page has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/app/products/labels?copies=x')
    await expect(labels(page)).toHaveCount(29)
    const violations = (await (await axe(page)).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))
    expect(violations).toEqual([])
  })
})

test('empty states: no products, then only barcoded ones; a new SKU product gets its label', async ({ page }) => {
  const owner = await createOwner('labels', { shopName: 'Label Shop' })
  await signIn(page, owner, '/app/products/labels')
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add Your First Product' })).toBeVisible()

  const supabase = await signedInClient(owner)
  const { id: shopId } = await getOwnShop(owner)
  await supabase
    .from('products')
    .insert({ shop_id: shopId, name: 'Crisps', sku: 'CRS', barcode: '5000000000017', qty: 1, low_stock_threshold: 0 })
    .throwOnError()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Every product already has a barcode' })).toBeVisible()
  await expect(page.getByText('1 product already has a barcode and needs no label.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Labels' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0)

  await supabase.from('products').insert({ shop_id: shopId, name: 'Tea', sku: 'TEA', qty: 1, low_stock_threshold: 0 }).throwOnError()
  await supabase.from('products').insert({ shop_id: shopId, name: 'Jam', sku: 'JAM', qty: 0, low_stock_threshold: 0 }).throwOnError()
  await page.reload()
  await expect(labels(page)).toHaveCount(2)
  await expect(labels(page).getByRole('img', { name: 'QR code for TEA', exact: true })).toBeVisible()
  // Out of stock still gets one label, and says why.
  await expect(page.getByRole('group', { name: 'Products to print' }).getByRole('listitem').filter({ hasText: 'Jam' })).toContainText(
    '1 copy (none in stock)',
  )
  await expect(page.getByRole('heading', { name: 'Every product already has a barcode' })).toHaveCount(0)
  await expect(page.getByText('1 product already has a barcode and needs no label.')).toBeVisible()
})
