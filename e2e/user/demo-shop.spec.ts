import { expect, test } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { createOwner, signedInClient } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// The demo shop as seed.sql and "View Demo" make it (seed_demo_shop), here for
// an owner made through the API: only the service role may call it directly.
test('a demo shop reads as a lived-in shop: 40 products, low and out of stock, weekly confirmed stocktakes with missing units and no broken photos', async ({ page }) => {
  const owner = await createOwner('demo-shop', { shopName: null })
  const supabase = await signedInClient(owner)
  const { data: user } = await supabase.auth.getUser()
  const service = createClient(process.env.NEXT_PUBLIC_SUPABASE_URL!, process.env.SUPABASE_SECRET_KEY!, { auth: { persistSession: false } })
  await service.rpc('seed_demo_shop', { p_owner: user.user!.id }).throwOnError()

  await signIn(page, owner)
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByText('Corner Shop Demo')).toBeVisible()
  await expect(page.getByText('40 products', { exact: true })).toBeVisible()

  // Newest first: yesterday's, with its photos, then one a week for eight weeks.
  const { data: sessions } = await supabase.from('count_sessions').select('id, status').order('ended_at', { ascending: false }).throwOnError()
  expect(sessions).toHaveLength(9)
  expect(sessions!.every((session) => session.status === 'confirmed')).toBe(true)
  const review = (await supabase.rpc('count_session_review', { p_session_id: sessions![0]!.id }).throwOnError()).data as {
    totals: { missing: number; change: number }
  }
  expect(review.totals.missing).toBeGreaterThan(0)

  await page.goto('/upload')
  await page.getByRole('region', { name: 'Recent stocktakes' }).getByRole('link').first().click()
  await expect(page).toHaveURL(`/stocktakes/${sessions![0]!.id}`)
  await expect(page.getByRole('heading', { name: 'Stocktake', level: 1 })).toBeVisible()
  await expect(page.getByText('Confirmed: these counts are in the stock ledger.')).toBeVisible()
  // What the page shows is what was booked.
  const missing = page.getByLabel('Totals').locator('div').filter({ has: page.getByRole('term').getByText('Missing', { exact: true }) })
  await expect(missing.getByRole('definition')).toHaveText(String(review.totals.missing))
  // The photos' files are not in storage: no image is shown rather than a broken one.
  const broken = await page.locator('img').evaluateAll((images) =>
    (images as HTMLImageElement[]).filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src),
  )
  expect(broken).toEqual([])
})
