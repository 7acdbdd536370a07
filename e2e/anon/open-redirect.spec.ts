// Redirect targets a visitor can choose (`next` on /auth and on the emailed links' /auth/confirm)
// stay on this site, however they are spelled.
import { expect, test } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { confirmLinkIn } from '../_helpers/mail'
import { createOwner } from '../_helpers/stack'
import { signInThroughUi } from '../_helpers/ui'

const stackUrl = process.env.NEXT_PUBLIC_SUPABASE_URL ?? 'http://127.0.0.1:54321'
const stackKey = process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'

/** A fresh password-reset link for `email`, as the recovery email carries it. */
async function recoveryLink(email: string): Promise<URL> {
  const supabase = createClient(stackUrl, stackKey, { auth: { persistSession: false } })
  const { error } = await supabase.auth.resetPasswordForEmail(email)
  if (error) throw error
  return new URL(await confirmLinkIn(email, 'Reset your ShelfSnap password'))
}

test.describe('open redirects', { tag: '@any-viewport' }, () => {
  test('signing in with a next that climbs out of the site lands on this site', async ({ page, baseURL }) => {
    const owner = await createOwner('redirect-sign-in')
    await signInThroughUi(page, owner, '/auth?next=/..//127.0.0.1:54621/auth/v1/health')
    await expect(page).toHaveURL(/\/app\/products$/)
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin)
  })

  for (const next of ['/..//evil.example', '/%2e%2e//evil.example', '/\\evil.example', 'https://evil.example/']) {
    test(`an emailed link with next=${next} signs in and stays on this site`, async ({ page, baseURL }) => {
      const owner = await createOwner('redirect-confirm', { shopName: null })
      const link = await recoveryLink(owner.email)
      link.searchParams.set('next', next)

      const answer = await page.request.get(link.href, { maxRedirects: 0 })
      expect(answer.status()).toBe(303)
      // signed in by the link, and sent to the default page, not to another host
      expect(answer.headers()['location']).toBe('/dashboard')
      expect(answer.headersArray().filter(({ name, value }) => name.toLowerCase() === 'set-cookie' && value.startsWith('sb-'))).not.toEqual([])
      expect(new URL(answer.headers()['location']!, baseURL).origin).toBe(new URL(baseURL!).origin)
    })
  }
})
