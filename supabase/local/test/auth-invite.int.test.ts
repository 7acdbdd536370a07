// Invites as GoTrue sends them (auth.admin.inviteUserByEmail), through the real
// mail catcher and the official client: the invited user, the project's invite
// template, verifyOtp type invite signing the invitee in once, expiry, an address
// already registered, and bad input.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SECRET_KEY } from '../config.ts'
import { authConfigFromToml } from '../config-toml.ts'
import { startMailCatcher, type MailCatcher } from '../mail/mail-catcher.ts'
import type { Stack } from '../stack.ts'
import { adminClient, authClient, decodeJwtPayload, errorBody, newEmail, rawAuth, signedIn, TEST_PASSWORD, versioned } from './auth-test-helpers.ts'
import { clearInbox, inbox, tokenHashIn } from './mail-helpers.ts'
import { startTestStack } from './stack-fixture.ts'

let stack: Stack
let mail: MailCatcher

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  // the project's config.toml (site URL, the invite template), with room for this file's emails
  stack = await startTestStack({ config: { ...authConfigFromToml(), smtpUrl: mail.smtpUrl, emailRateLimit: { max: 50, windowMs: 3_600_000 } } })
})
afterAll(async () => {
  await stack?.stop()
  await mail?.stop()
})
beforeEach(() => clearInbox(mail))

async function invited(email = newEmail()) {
  const { data, error } = await adminClient(stack).auth.admin.inviteUserByEmail(email, {
    data: { full_name: 'Sam Till', shop_role: 'staff', shop_name: 'Tom & Jo\'s <Deli>' },
    redirectTo: 'http://localhost:3000/welcome',
  })
  if (error) throw error
  return { email, user: data.user! }
}

describe('invite', () => {
  it('creates the user with invited_at and its data, unconfirmed and without a password, and emails the invite template', async () => {
    const { email, user } = await invited()
    expect(user).toMatchObject({ email, invited_at: expect.any(String), confirmation_sent_at: expect.any(String), role: 'authenticated' })
    expect(user.user_metadata).toMatchObject({ full_name: 'Sam Till', shop_role: 'staff' })
    expect(user.email_confirmed_at).toBeUndefined()
    expect(user.identities).toHaveLength(1)
    const { rows } = await stack.db.query(`select encrypted_password from auth.users where id = $1`, [user.id])
    expect(rows).toEqual([{ encrypted_password: '' }])

    const [message, ...others] = await inbox(mail, email)
    expect(others).toEqual([])
    expect(message!.subject).toBe('You have been invited to ShelfSnap')
    expect(message!.HTML).toContain(`to work at Tom &#38; Jo&#39;s &#60;Deli&#62; on ShelfSnap as ${email}`)
    expect(message!.HTML).toMatch(/href="http:\/\/localhost:3000\/auth\/confirm\?token_hash=[0-9a-f]{56}&type=invite&next=%2Fauth%2Fupdate-password%3Fnext%3D%252Fjoin"/)
    expect((await authClient(stack).auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' })
  })

  it('verifyOtp type invite signs the invitee in and confirms the address, once; they then choose their password', async () => {
    const { email, user } = await invited()
    const hash = tokenHashIn((await inbox(mail, email))[0]!.HTML)
    const client = authClient(stack)
    const { data, error } = await client.auth.verifyOtp({ type: 'invite', token_hash: hash })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ id: user.id, email, email_confirmed_at: expect.any(String), user_metadata: { email_verified: true } })
    expect(decodeJwtPayload(data.session!.access_token)).toMatchObject({ sub: user.id, aal: 'aal1', amr: [{ method: 'otp' }] })
    // GoTrue gives an invitee a random password until they choose one.
    const { rows } = await stack.db.query<{ encrypted_password: string }>(`select encrypted_password from auth.users where id = $1`, [user.id])
    expect(rows[0]!.encrypted_password).toMatch(/^\$2a\$10\$/)

    const again = await authClient(stack).auth.verifyOtp({ type: 'invite', token_hash: hash })
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' })
    expect((await client.auth.updateUser({ password: 'my-own-password' })).error).toBeNull()
    expect((await authClient(stack).auth.signInWithPassword({ email, password: 'my-own-password' })).error).toBeNull()
  })

  it("refuses an invite link past the project's otp_expiry", async () => {
    const { email } = await invited()
    const hash = tokenHashIn((await inbox(mail, email))[0]!.HTML)
    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '3601 seconds' where email = $1`, [email])
    const { error } = await authClient(stack).auth.verifyOtp({ type: 'invite', token_hash: hash })
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' })
    const { rows } = await stack.db.query(`select email_confirmed_at from auth.users where email = $1`, [email])
    expect(rows).toEqual([{ email_confirmed_at: null }])
  })

  it('answers 422 email_exists for a registered address and sends nothing; an address not yet confirmed is invited again', async () => {
    const { email } = await signedIn(stack)
    const { data, error } = await adminClient(stack).auth.admin.inviteUserByEmail(email)
    expect(data.user).toBeNull()
    expect(error).toMatchObject({ status: 422, code: 'email_exists', message: 'A user with this email address has already been registered' })
    expect(await inbox(mail, email)).toEqual([])

    const pending = newEmail()
    const created = await adminClient(stack).auth.admin.createUser({ email: pending })
    const reinvited = await adminClient(stack).auth.admin.inviteUserByEmail(pending.toUpperCase())
    expect(reinvited.error).toBeNull()
    expect(reinvited.data.user).toMatchObject({ id: created.data.user!.id, invited_at: expect.any(String) })
    const hash = tokenHashIn((await inbox(mail, pending))[0]!.HTML)
    expect((await authClient(stack).auth.verifyOtp({ type: 'invite', token_hash: hash })).error).toBeNull()
  })

  it('is for the service role only (403 not_admin), and refuses bad input with 400 and changes nothing', async () => {
    const { session } = await signedIn(stack)
    for (const headers of [versioned, { ...versioned, authorization: `Bearer ${session.access_token}` }]) {
      const response = await rawAuth(stack, 'POST', '/invite', { headers, body: { email: newEmail() } })
      expect(response.status).toBe(403)
      expect(response.body).toEqual(errorBody('not_admin', 'User not allowed'))
    }
    const asAdmin = { ...versioned, apikey: SECRET_KEY }
    const cases: [string | object, string, string?][] = [
      ['nope', 'bad_json'],
      ['[]', 'bad_json'],
      [{}, 'validation_failed', 'An email address is required'],
      [{ email: 'not-an-email' }, 'validation_failed', 'Unable to validate email address: invalid format'],
      [{ email: 42 }, 'bad_json'],
      [{ email: newEmail(), data: 'staff' }, 'bad_json'],
      [{ email: newEmail(), data: ['staff'] }, 'bad_json'],
    ]
    const users = await stack.db.query('select count(*)::int as n from auth.users')
    for (const [body, code, message] of cases) {
      const response = await rawAuth(stack, 'POST', '/invite', { headers: asAdmin, body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body).toMatchObject({ code, ...(message ? { msg: message } : {}) })
    }
    expect((await stack.db.query('select count(*)::int as n from auth.users')).rows).toEqual(users.rows)
  })

  it('GET /verify with type invite (GoTrue\'s own link) signs in to the redirect, once', async () => {
    const { email } = await invited()
    const hash = tokenHashIn((await inbox(mail, email))[0]!.HTML)
    const link = `${stack.url}/auth/v1/verify?token=${hash}&type=invite&redirect_to=${encodeURIComponent('http://localhost:3000/welcome')}`
    const first = await fetch(link, { redirect: 'manual' })
    const location = new URL(first.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/welcome')
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('invite')
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy()
    const second = await fetch(link, { redirect: 'manual' })
    expect(new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired')
  })
})
