import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import {
  authClient,
  countRows,
  decodeJwtPayload,
  newEmail,
  rawAuth,
  sessionCount,
  signedIn,
  TEST_PASSWORD as PASSWORD,
} from './auth-test-helpers.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.stop()
})

describe('sign-up', () => {
  it('creates a confirmed user with GoTrue rows and returns a session', async () => {
    const client = authClient(stack)
    const email = newEmail()
    const { data, error } = await client.auth.signUp({
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      options: { data: { display_name: 'Ada' } },
    })
    expect(error).toBeNull()
    expect(data.session?.token_type).toBe('bearer')
    expect(data.session?.expires_in).toBe(3600)
    expect(data.user?.email).toBe(email)
    expect(data.user?.user_metadata).toEqual({
      display_name: 'Ada',
      sub: data.user!.id,
      email,
      email_verified: true,
      phone_verified: false,
    })
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(data.user?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    expect(data.user?.identities).toHaveLength(1)

    const { rows } = await stack.db.query<Record<string, unknown>>(
      `select u.role, u.aud, u.email, u.raw_app_meta_data, u.email_confirmed_at is not null as confirmed,
         u.encrypted_password, i.provider, i.provider_id, i.identity_data ->> 'email' as identity_email
       from auth.users u join auth.identities i on i.user_id = u.id where u.id = $1`,
      [data.user!.id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      role: 'authenticated',
      aud: 'authenticated',
      email,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      confirmed: true,
      provider: 'email',
      provider_id: data.user!.id,
      identity_email: email,
    })
    expect(String(rows[0]!.encrypted_password)).toMatch(/^\$2a\$10\$.{53}$/)
  })

  it('refuses a duplicate email, whatever its case, with user_already_exists', async () => {
    const { email } = await signedIn(stack)
    const before = await countRows(stack, 'auth.users')
    const { data, error } = await authClient(stack).auth.signUp({ email: email.toUpperCase(), password: PASSWORD })
    expect(data.session).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('user_already_exists')
    expect(error?.message).toBe('User already registered')
    expect(await countRows(stack, 'auth.users')).toBe(before)
  })

  it('refuses a short password with weak_password and its reasons', async () => {
    const before = await countRows(stack, 'auth.users')
    const { error } = await authClient(stack).auth.signUp({ email: newEmail(), password: '12345' })
    expect(error?.name).toBe('AuthWeakPasswordError')
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('weak_password')
    expect(error?.message).toBe('Password should be at least 6 characters.')
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length'])
    expect(await countRows(stack, 'auth.users')).toBe(before)
  })

  it('accepts the PKCE fields the ssr clients send', async () => {
    const response = await rawAuth(stack, 'POST', '/signup', {
      body: { email: newEmail(), password: PASSWORD, code_challenge: 'abc', code_challenge_method: 's256' },
    })
    expect(response.status).toBe(200)
    expect(typeof response.body?.access_token).toBe('string')
  })
})

describe('password sign-in', () => {
  it('issues a token with exactly GoTrue claims and a real session row', async () => {
    const { email, user } = await signedIn(stack)
    const client = authClient(stack)
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
    const claims = decodeJwtPayload(data.session!.access_token)
    expect(Object.keys(claims).sort()).toEqual(
      [
        'aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'iss', 'phone', 'role',
        'session_id', 'sub', 'user_metadata',
      ].sort(),
    )
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      iss: `${stack.url}/auth/v1`,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600)
    expect(data.session!.expires_at).toBe(claims.exp)
    // The sign-in is recorded (auth.mfa_amr_claims) just before the token is signed: the same second or the one before.
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    expect(Number(claims.iat) - (claims.amr as { timestamp: number }[])[0]!.timestamp).toBeGreaterThanOrEqual(0)
    expect(Number(claims.iat) - (claims.amr as { timestamp: number }[])[0]!.timestamp).toBeLessThanOrEqual(1)
    const { rows } = await stack.db.query('select user_id from auth.sessions where id = $1', [claims.session_id])
    expect(rows).toEqual([{ user_id: user.id }])
  })

  it('refuses a wrong password and an unknown email alike', async () => {
    const { email } = await signedIn(stack)
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: newEmail(), password: PASSWORD },
    ]) {
      const { data, error } = await authClient(stack).auth.signInWithPassword(attempt)
      expect(data.session).toBeNull()
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('invalid_credentials')
      expect(error?.message).toBe('Invalid login credentials')
    }
  })

  it('signs in a user seeded with pgcrypto crypt(pw, gen_salt(bf))', async () => {
    const email = newEmail()
    await stack.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
         extensions.crypt($2, extensions.gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}',
         '{"seeded":true}', now(), now())`,
      [email, 'seeded-password'],
    )
    const { rows } = await stack.db.query<{ h: string }>('select encrypted_password as h from auth.users where email = $1', [
      email,
    ])
    expect(rows[0]!.h).toMatch(/^\$2a\$06\$/)
    const { data, error } = await authClient(stack).auth.signInWithPassword({ email, password: 'seeded-password' })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.user_metadata).toEqual({ seeded: true })
  })
})

describe('user endpoints', () => {
  it('getUser returns the user and getClaims verifies through the JWKS, not /user', async () => {
    const { email, password, user } = await signedIn(stack)
    const userCalls: string[] = []
    const client = authClient(stack, PUBLISHABLE_KEY, {}, (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.endsWith('/auth/v1/user')) userCalls.push(url)
      return fetch(input, init)
    })
    await client.auth.signInWithPassword({ email, password })
    const got = await client.auth.getUser()
    expect(got.error).toBeNull()
    expect(got.data.user?.id).toBe(user.id)
    expect(got.data.user?.email).toBe(email)
    expect(userCalls).toHaveLength(1)

    const { data, error } = await client.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(user.id)
    expect(data?.claims.email).toBe(email)
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: stack.tokens.kid })
    expect(userCalls).toHaveLength(1)
  })

  it('updates metadata (null removes a key) and the password, with the current one, ending the other sessions', async () => {
    const { client, email, user } = await signedIn(stack)
    const other = authClient(stack)
    await other.auth.signInWithPassword({ email, password: PASSWORD })
    expect(await sessionCount(stack, user.id)).toBe(2)

    const first = await client.auth.updateUser({ data: { shop: 'Corner', plan: 'free' } })
    expect(first.error).toBeNull()
    const second = await client.auth.updateUser({ data: { plan: null, locale: 'nl' } })
    expect(second.data.user?.user_metadata).toMatchObject({ shop: 'Corner', locale: 'nl' })
    expect(second.data.user?.user_metadata).not.toHaveProperty('plan')
    expect(await sessionCount(stack, user.id)).toBe(2)

    // a session signed in with the password must give it (GoTrue's update_password_require_current_password)
    const missing = await client.auth.updateUser({ password: 'a-brand-new-password' })
    expect([missing.error?.status, missing.error?.code]).toEqual([400, 'current_password_required'])
    const wrong = await client.auth.updateUser({ password: 'a-brand-new-password', current_password: 'not-the-password' })
    expect([wrong.error?.status, wrong.error?.code]).toEqual([400, 'current_password_mismatch'])
    expect(await sessionCount(stack, user.id)).toBe(2)
    const changed = await client.auth.updateUser({ password: 'a-brand-new-password', current_password: PASSWORD })
    expect(changed.error).toBeNull()
    expect(await sessionCount(stack, user.id)).toBe(1)
    const same = await client.auth.updateUser({ password: 'a-brand-new-password', current_password: 'a-brand-new-password' })
    expect(same.error?.code).toBe('same_password')
    expect(same.error?.status).toBe(422)
    const old = await authClient(stack).auth.signInWithPassword({ email, password: PASSWORD })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await authClient(stack).auth.signInWithPassword({ email, password: 'a-brand-new-password' })
    expect(fresh.error).toBeNull()
  })

  it('refuses a weak new password', async () => {
    const { client } = await signedIn(stack)
    const { error } = await client.auth.updateUser({ password: '123' })
    expect(error?.code).toBe('weak_password')
    expect(error?.status).toBe(422)
  })
})

describe('service endpoints', () => {
  it('serves health, settings and the JWKS with its cache header', async () => {
    expect((await rawAuth(stack, 'GET', '/health')).status).toBe(200)
    const settings = await rawAuth(stack, 'GET', '/settings')
    expect(settings.body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, phone: false, anonymous_users: true },
    })
    const jwks = await rawAuth(stack, 'GET', '/.well-known/jwks.json')
    expect(jwks.status).toBe(200)
    expect(jwks.body).toEqual(stack.tokens.jwks())
    expect(jwks.body?.keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: stack.tokens.kid })])
    expect(JSON.stringify(jwks.body)).not.toMatch(/"d"|"k"/)
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600')
  })
})
