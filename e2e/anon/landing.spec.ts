import { expect, test } from '@playwright/test'

test.describe('landing page, signed out', () => {
  test('shows the hero, the three steps, the benefits and the rating', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText('4.9 • 2,389+ businesses')).toBeVisible()
    const steps = page.getByRole('region', { name: 'How it works' })
    for (const step of ['Snap inventory', 'AI analyses changes', 'Daily reports']) {
      await expect(steps.getByRole('heading', { name: step })).toBeVisible()
    }
    const benefits = page.getByRole('region', { name: 'Why small shops choose ShelfSnap' })
    await expect(benefits.getByText(/every barcode and QR label in a photo is read/)).toBeVisible()
    await expect(benefits.getByText(/optional AI count/)).toBeVisible()
    await expect(benefits.getByText(/Low-stock alerts/)).toBeVisible()
  })

  test('promises only what ShelfSnap does today', async ({ page }) => {
    await page.goto('/')
    const copy = await page.getByRole('main').innerText()
    expect(copy).toMatch(/reads the barcodes and QR labels/)
    // Not built yet: sent reports, Google Sheets, reorder suggestions; and barcodes are exactly what it reads.
    for (const unbuilt of [/no barcode scanning/i, /WhatsApp/i, /Google Sheets/i, /reorder suggestion/i, /sends you/i]) {
      expect(copy).not.toMatch(unbuilt)
    }
  })

  const ctas = [
    { name: 'Get Started Free', href: '/upload' },
    { name: 'Start Free Trial', href: '/upload' },
    { name: 'View Demo', href: '/dashboard' },
  ]
  for (const { name, href } of ctas) {
    test(`'${name}' leads to ${href} (sign-in first when signed out)`, async ({ page }) => {
      await page.goto('/')
      const link = page.getByRole('link', { name })
      await expect(link).toHaveAttribute('href', href)
      await link.click()
      await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(href)}`)
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    })
  }
})
