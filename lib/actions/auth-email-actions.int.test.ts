// The app's side of the auth emails against a real stack (confirmations off, as in
// `npm run dev`): bad input is refused with the form's words and changes nothing;
// the confirm route sends a bad or used link to sign-in with a notice, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import type { Stack } from '@/supabase/local/stack'
import { anonClient } from '@/supabase/local/test/stack-fixture'
import { GET as confirm } from '@/app/auth/confirm/route'
import { requestPasswordReset, resendConfirmation, updatePassword } from './auth-email-actions'

let stack: Stack
let owner: Owner

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
})
afterAll(async () => stack?.stop())

const confirmAt = async (query: string) => {
  const res = await confirm(new Request(`http://localhost:3000/auth/confirm?${query}`))
  return [res.status, res.headers.get('location')]
}

describe('auth email actions', () => {
  it('refuse a bad email address with the form’s message', async () => {
    expect(await resendConfirmation(idle, formData({ email: 'nope' }))).toMatchObject({ ok: false, message: 'Invalid email address' })
    expect(await requestPasswordReset(idle, formData({ email: '' }))).toMatchObject({ ok: false, message: 'Invalid email address' })
  })

  it('answer a reset request the same whether or not the address has an account', async () => {
    expect(await requestPasswordReset(idle, formData({ email: 'nobody@example.com' }))).toEqual({
      ok: true,
      message: 'If nobody@example.com has a ShelfSnap account, we sent it a link to choose a new password.',
    })
  })

  it('change the password only for a signed-in user who gives the current one, when both entries match and follow the rules', async () => {
    signOutEveryone()
    expect(await updatePassword(idle, formData({ password: 'another-secret', confirmPassword: 'another-secret' }))).toEqual({ ok: false, message: 'No user found' })
    await signInAs(owner)
    expect(await updatePassword(idle, formData({ password: 'another-secret', confirmPassword: 'another-secre' }))).toMatchObject({
      ok: false,
      fieldErrors: { confirmPassword: ['The passwords do not match'] },
    })
    expect(await updatePassword(idle, formData({ password: 'short', confirmPassword: 'short' }))).toMatchObject({ ok: false, message: 'Password must be at least 6 characters' })
    expect((await anonClient(stack).auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull()
    // signed in with the password (not by an emailed link): the current one is asked for, and checked
    expect(await updatePassword(idle, formData({ password: 'another-secret', confirmPassword: 'another-secret' }))).toEqual({
      ok: false,
      message: 'Enter your current password',
      fieldErrors: { current_password: ['Enter your current password'] },
    })
    const wrong = formData({ current_password: 'not-it-at-all', password: 'another-secret', confirmPassword: 'another-secret' })
    expect(await updatePassword(idle, wrong)).toMatchObject({ ok: false, fieldErrors: { current_password: ['That is not your current password'] } })
    expect((await anonClient(stack).auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull()
    const right = formData({ current_password: owner.password, password: 'another-secret', confirmPassword: 'another-secret' })
    expect(await updatePassword(idle, right)).toEqual({ ok: true, message: 'Your password is changed.' })
    expect((await anonClient(stack).auth.signInWithPassword({ email: owner.email, password: 'another-secret' })).error).toBeNull()
  })
})

describe('/auth/confirm', () => {
  it('sends a missing, unknown, malformed or foreign link to sign-in with a notice', async () => {
    for (const query of ['', 'token_hash=abc&type=email', 'token_hash=abc&type=bogus', 'code=nope', `token_hash=${'a'.repeat(500)}&type=email`]) {
      expect(await confirmAt(query), query).toEqual([303, '/auth?link=expired'])
    }
  })
})
