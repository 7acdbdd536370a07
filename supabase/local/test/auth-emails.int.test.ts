// The local auth's emails as hosted GoTrue sends them, with confirmations on,
// through the real mail catcher over SMTP and the official client: sign-up
// confirmation, /verify (POST and the GET redirect, implicit and PKCE),
// /recover, /resend, expiry and GoTrue's email rate limits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import { authConfigFromToml } from '../config-toml.ts'
import { startMailCatcher, type MailCatcher } from '../mail/mail-catcher.ts'
import type { Stack } from '../stack.ts'
import { clearInbox, inbox as mailTo, tokenHashIn } from './mail-helpers.ts'
import { anonClient, startTestStack, testClient } from './stack-fixture.ts'

let stack: Stack
let mail: MailCatcher
let n = 0
const PASSWORD = 'correct-horse-battery'
const newEmail = () => `owner-${++n}-${Date.now()}@example.com`

const inbox = (to: string) => mailTo(mail, to)
const api = (path: string, body: unknown) =>
  fetch(`${stack.url}/auth/v1${path}`, { method: 'POST', headers: { apikey: PUBLISHABLE_KEY, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

async function signUp(email = newEmail()) {
  const { data, error } = await anonClient(stack).auth.signUp({ email, password: PASSWORD })
  if (error) throw error
  return { email, data }
}

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  stack = await startTestStack({
    // the project's config.toml (site URL, templates), with confirmations on as on a hosted project
    config: { ...authConfigFromToml(), enableConfirmations: true, smtpUrl: mail.smtpUrl, emailRateLimit: { max: 14, windowMs: 3_600_000 } },
  })
})
afterAll(async () => {
  await stack?.stop()
  await mail?.stop()
})
beforeEach(() => clearInbox(mail))

describe('sign-up with confirmations on', () => {
  it('answers the user without a session, emails the template, and refuses sign-in until the link is followed', async () => {
    const { email, data } = await signUp()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeFalsy()
    const [message] = await inbox(email)
    expect(message!.subject).toBe('Confirm your ShelfSnap account')
    expect(message!.HTML).toContain(`http://localhost:3000/auth/confirm?token_hash=`)
    expect(message!.HTML).toMatch(/Or enter this code: \d{6}/)

    const client = anonClient(stack)
    const refused = await client.auth.signInWithPassword({ email, password: PASSWORD })
    expect(refused.error).toMatchObject({ code: 'email_not_confirmed', status: 400 })

    const hash = tokenHashIn(message!.HTML)
    const verified = await client.auth.verifyOtp({ type: 'email', token_hash: hash })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.email_confirmed_at).toBeTruthy()
    expect((await anonClient(stack).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    // a link works once
    expect((await anonClient(stack).auth.verifyOtp({ type: 'email', token_hash: hash })).error).toMatchObject({ code: 'otp_expired', status: 403 })
  })

  it('GET /verify redirects with the session in the fragment, or with ?code= for a PKCE sign-up; a foreign redirect goes to the site URL', async () => {
    const { email } = await signUp()
    const hash = tokenHashIn((await inbox(email))[0]!.HTML)
    const res = await fetch(`${stack.url}/auth/v1/verify?token=${hash}&type=signup&redirect_to=${encodeURIComponent('https://evil.example/x')}`, { redirect: 'manual' })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location')!)
    expect(location.origin).toBe('http://localhost:3000')
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy()

    const pkceEmail = newEmail()
    const storage = new Map<string, string>()
    const client = testClient(stack, PUBLISHABLE_KEY, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        storage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) },
      },
    })
    await client.auth.signUp({ email: pkceEmail, password: PASSWORD, options: { emailRedirectTo: 'http://127.0.0.1:3000/auth/confirm' } })
    const pkceHash = tokenHashIn((await inbox(pkceEmail))[0]!.HTML)
    const redirect = await fetch(`${stack.url}/auth/v1/verify?token=${pkceHash}&type=signup&redirect_to=${encodeURIComponent('http://127.0.0.1:3000/auth/confirm')}`, {
      redirect: 'manual',
    })
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code')
    expect(redirect.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/auth\/confirm\?code=/)
    const exchanged = await client.auth.exchangeCodeForSession(code!)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.session?.user.email).toBe(pkceEmail)

    const bad = await fetch(`${stack.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent('http://localhost:3000/in')}`, { redirect: 'manual' })
    expect(bad.headers.get('location')).toBe('http://localhost:3000/in#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')
  })

  it('resends the confirmation, at most once a minute per address, and refuses an expired link', async () => {
    const { email } = await signUp()
    const tooSoon = await anonClient(stack).auth.resend({ type: 'signup', email })
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    expect(tooSoon.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/)
    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1`, [email])
    const old = tokenHashIn((await inbox(email))[0]!.HTML)
    expect((await anonClient(stack).auth.verifyOtp({ type: 'email', token_hash: old })).error).toMatchObject({ code: 'otp_expired' })
    expect((await anonClient(stack).auth.resend({ type: 'signup', email })).error).toBeNull()
    const messages = await inbox(email)
    expect(messages).toHaveLength(2)
    expect((await anonClient(stack).auth.verifyOtp({ type: 'email', token_hash: tokenHashIn(messages[0]!.HTML) })).error).toBeNull()
  })
})

describe('password recovery', () => {
  it('emails a reset link that signs the owner in to set a new password; an unknown address gets nothing and the same answer', async () => {
    const { email } = await signUp()
    await anonClient(stack).auth.verifyOtp({ type: 'email', token_hash: tokenHashIn((await inbox(email))[0]!.HTML) })
    const client = anonClient(stack)
    expect(await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/auth/update-password' })).toEqual({ data: {}, error: null })
    expect(await client.auth.resetPasswordForEmail('nobody@example.com')).toEqual({ data: {}, error: null })
    expect(await inbox('nobody@example.com')).toEqual([])
    const [reset] = (await inbox(email)).filter((m) => m.subject === 'Reset your ShelfSnap password')
    expect(reset!.HTML).toContain('&type=recovery&next=/auth/update-password')
    const { data, error } = await client.auth.verifyOtp({ type: 'recovery', token_hash: tokenHashIn(reset!.HTML) })
    expect(error).toBeNull()
    expect(data.session).toBeTruthy()
    expect((await client.auth.updateUser({ password: 'a-brand-new-password' })).error).toBeNull()
    expect((await anonClient(stack).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials')
    expect((await anonClient(stack).auth.signInWithPassword({ email, password: 'a-brand-new-password' })).error).toBeNull()
  })
})

describe('bad input and limits', () => {
  it('answers bad requests with 400 and a message, never a 500', async () => {
    for (const [path, body] of [
      ['/recover', {}],
      ['/recover', { email: 'not-an-email' }],
      ['/resend', { type: 'sms', email: 'a@example.com' }],
      ['/verify', { token_hash: 'abc' }],
      ['/verify', { type: 'email' }],
    ] as const) {
      const res = await api(path, body)
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(((await res.json()) as { msg: string }).msg).toBeTruthy()
    }
    expect((await api('/verify', { type: 'email', token_hash: 'f'.repeat(56) })).status).toBe(403)
  })

  it("stops at the project's email_sent an hour", async () => {
    let limited: { status?: number; code?: string } | null = null
    for (let i = 0; i < 20 && !limited; i += 1) {
      const { error } = await anonClient(stack).auth.signUp({ email: newEmail(), password: PASSWORD })
      if (error) limited = { status: error.status, code: error.code }
    }
    expect(limited).toEqual({ status: 429, code: 'over_email_send_rate_limit' })
  })
})
