import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import {
  adminClient,
  authClient,
  countRows,
  decodeJwtPayload,
  newEmail,
  rawAuth,
  versioned,
  errorBody,
} from './auth-test-helpers.ts'

const PASSWORD = 'correct-horse-battery'
let stack: Stack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.stop()
})

async function signedIn(email = newEmail(), password = PASSWORD) {
  const client = authClient(stack)
  const { data, error } = await client.auth.signUp({ email, password })
  expect(error).toBeNull()
  return { client, email, password, session: data.session!, user: data.user! }
}

async function sessionCount(userId: string): Promise<number> {
  const { rows } = await stack.db.query('select id from auth.sessions where user_id = $1', [userId])
  return rows.length
}

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
    const { email } = await signedIn()
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
    const { email, user } = await signedIn()
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
    expect(claims.amr).toEqual([{ method: 'password', timestamp: claims.iat }])
    const { rows } = await stack.db.query('select user_id from auth.sessions where id = $1', [claims.session_id])
    expect(rows).toEqual([{ user_id: user.id }])
  })

  it('refuses a wrong password and an unknown email alike', async () => {
    const { email } = await signedIn()
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
  it('getUser returns the user and getClaims verifies through /user', async () => {
    const { email, password, user } = await signedIn()
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
    expect(data?.header.alg).toBe('HS256')
    expect(userCalls).toHaveLength(2)
  })

  it('updates metadata (null removes a key) and the password, ending the other sessions', async () => {
    const { client, email, user } = await signedIn()
    const other = authClient(stack)
    await other.auth.signInWithPassword({ email, password: PASSWORD })
    expect(await sessionCount(user.id)).toBe(2)

    const first = await client.auth.updateUser({ data: { shop: 'Corner', plan: 'free' } })
    expect(first.error).toBeNull()
    const second = await client.auth.updateUser({ data: { plan: null, locale: 'nl' } })
    expect(second.data.user?.user_metadata).toMatchObject({ shop: 'Corner', locale: 'nl' })
    expect(second.data.user?.user_metadata).not.toHaveProperty('plan')
    expect(await sessionCount(user.id)).toBe(2)

    const changed = await client.auth.updateUser({ password: 'a-brand-new-password' })
    expect(changed.error).toBeNull()
    expect(await sessionCount(user.id)).toBe(1)
    const same = await client.auth.updateUser({ password: 'a-brand-new-password' })
    expect(same.error?.code).toBe('same_password')
    expect(same.error?.status).toBe(422)
    const old = await authClient(stack).auth.signInWithPassword({ email, password: PASSWORD })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await authClient(stack).auth.signInWithPassword({ email, password: 'a-brand-new-password' })
    expect(fresh.error).toBeNull()
  })

  it('refuses a weak new password', async () => {
    const { client } = await signedIn()
    const { error } = await client.auth.updateUser({ password: '123' })
    expect(error?.code).toBe('weak_password')
    expect(error?.status).toBe(422)
  })
})

/** A client that lost the result of its refresh retries with the parent and gets the same active token. */
async function expectParentGetsActiveToken(target: Stack) {
  const client = authClient(target)
  const { data } = await client.auth.signUp({ email: newEmail(), password: PASSWORD })
  const rotated = await client.auth.refreshSession()
  const again = await authClient(target).auth.refreshSession({ refresh_token: data.session!.refresh_token })
  expect(again.error).toBeNull()
  expect(again.data.session!.refresh_token).toBe(rotated.data.session!.refresh_token)
}

describe('refresh tokens', () => {
  async function tokenRow(token: string) {
    const { rows } = await stack.db.query<{ revoked: boolean; parent: string | null; session_id: string }>(
      'select revoked, parent, session_id from auth.refresh_tokens where token = $1',
      [token],
    )
    return rows[0]
  }

  it('rotates: a new token replaces the old, which is revoked and the parent of the new', async () => {
    const { client, session } = await signedIn()
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    const next = data.session!.refresh_token
    expect(next).not.toBe(session.refresh_token)
    expect(await tokenRow(session.refresh_token)).toMatchObject({ revoked: true })
    expect(await tokenRow(next)).toMatchObject({ revoked: false, parent: session.refresh_token })
    expect(decodeJwtPayload(data.session!.access_token).session_id).toBe(
      decodeJwtPayload(session.access_token).session_id,
    )
  })

  it('inside the reuse window: the parent of the active token gets the active token back', async () => {
    await expectParentGetsActiveToken(stack)
  })

  it('inside the reuse window: an older revoked token is still accepted', async () => {
    const { client, session } = await signedIn()
    await client.auth.refreshSession()
    await client.auth.refreshSession()
    const reused = await authClient(stack).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(reused.error).toBeNull()
    expect(await tokenRow(reused.data.session!.refresh_token)).toMatchObject({
      revoked: false,
      parent: session.refresh_token,
    })
  })

  it('refuses an unknown refresh token', async () => {
    const { error } = await authClient(stack).auth.refreshSession({ refresh_token: 'not-a-token' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('refresh_token_not_found')
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found')
  })
})

describe('refresh tokens outside the reuse window', () => {
  let strict: Stack
  beforeAll(async () => {
    strict = await startTestStack({ config: { refreshTokenReuseInterval: 0 } })
  })
  afterAll(async () => {
    await strict?.stop()
  })

  async function strictSession() {
    const client = authClient(strict)
    const { data } = await client.auth.signUp({ email: newEmail(), password: PASSWORD })
    return { client, session: data.session! }
  }

  it('still returns the active token to its parent', async () => {
    await expectParentGetsActiveToken(strict)
  })

  it('treats other reuse as theft: refresh_token_already_used and the whole session ends', async () => {
    const { client, session } = await strictSession()
    await client.auth.refreshSession()
    const latest = await client.auth.refreshSession()
    const sessionId = decodeJwtPayload(session.access_token).session_id

    const reused = await authClient(strict).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(reused.error?.status).toBe(400)
    expect(reused.error?.code).toBe('refresh_token_already_used')
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used')

    const { rows } = await strict.db.query('select 1 from auth.sessions where id = $1', [sessionId])
    expect(rows).toHaveLength(0)
    const active = await authClient(strict).auth.refreshSession({ refresh_token: latest.data.session!.refresh_token })
    expect(active.error?.code).toBe('refresh_token_not_found')
    const user = await rawAuth(strict, 'GET', '/user', {
      headers: { ...versioned, authorization: `Bearer ${latest.data.session!.access_token}` },
    })
    expect(user.status).toBe(403)
    expect(user.body?.code).toBe('session_not_found')
  })
})

describe('logout', () => {
  it('ends the session: the old token is refused by /user and by getUser', async () => {
    const { client, session } = await signedIn()
    expect((await client.auth.signOut()).error).toBeNull()
    const raw = await rawAuth(stack, 'GET', '/user', {
      headers: { ...versioned, authorization: `Bearer ${session.access_token}` },
    })
    expect(raw.status).toBe(403)
    expect(raw.body).toEqual(
      errorBody('session_not_found', 'Session from session_id claim in JWT does not exist'),
    )
    const { data, error } = await authClient(stack).auth.getUser(session.access_token)
    expect(data.user).toBeNull()
    expect(error?.name).toBe('AuthSessionMissingError')
    const refreshed = await authClient(stack).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refreshed.error?.code).toBe('refresh_token_not_found')
  })

  it('scopes: others keeps only this session, local ends only this one, global ends all', async () => {
    const { client, email, user } = await signedIn()
    const second = authClient(stack)
    const third = authClient(stack)
    await second.auth.signInWithPassword({ email, password: PASSWORD })
    await third.auth.signInWithPassword({ email, password: PASSWORD })
    expect(await sessionCount(user.id)).toBe(3)
    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect(await sessionCount(user.id)).toBe(1)
    expect((await client.auth.getUser()).error).toBeNull()

    const fourth = authClient(stack)
    await fourth.auth.signInWithPassword({ email, password: PASSWORD })
    expect((await fourth.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect(await sessionCount(user.id)).toBe(1)
    await second.auth.signInWithPassword({ email, password: PASSWORD })
    expect(await sessionCount(user.id)).toBe(2)
    expect((await second.auth.signOut({ scope: 'global' })).error).toBeNull()
    expect(await sessionCount(user.id)).toBe(0)
  })

  it('refuses an unknown scope with validation_failed', async () => {
    const { session, user } = await signedIn()
    const response = await rawAuth(stack, 'POST', '/logout?scope=everything', {
      headers: { ...versioned, authorization: `Bearer ${session.access_token}` },
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual(errorBody('validation_failed', 'Unsupported logout scope "everything"'))
    expect(await sessionCount(user.id)).toBe(1)
  })
})

describe('admin', () => {
  it('creates a confirmed user with metadata and deletes it', async () => {
    const admin = adminClient(stack)
    const email = newEmail()
    const created = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { role_hint: 'owner' },
    })
    expect(created.error).toBeNull()
    expect(created.data.user?.email).toBe(email)
    expect(created.data.user?.email_confirmed_at).toMatch(/Z$/)
    expect(created.data.user?.user_metadata).toMatchObject({ role_hint: 'owner', email_verified: true })
    const signIn = await authClient(stack).auth.signInWithPassword({ email, password: PASSWORD })
    expect(signIn.error).toBeNull()

    const id = created.data.user!.id
    const deleted = await admin.auth.admin.deleteUser(id)
    expect(deleted.error).toBeNull()
    expect(await countRows(stack, `auth.users where id = '${id}'`)).toBe(0)
    expect(await countRows(stack, `auth.sessions where user_id = '${id}'`)).toBe(0)
    const gone = await authClient(stack).auth.getUser(signIn.data.session!.access_token)
    expect(gone.error?.status).toBe(403)
    expect(gone.error?.code).toBe('user_not_found')
    const again = await admin.auth.admin.deleteUser(id)
    expect(again.error?.status).toBe(404)
    expect(again.error?.code).toBe('user_not_found')
  })

  it('an unconfirmed admin-created user cannot sign in', async () => {
    const email = newEmail()
    const created = await adminClient(stack).auth.admin.createUser({ email, password: PASSWORD })
    expect(created.data.user?.email_confirmed_at).toBeUndefined()
    const { error } = await authClient(stack).auth.signInWithPassword({ email, password: PASSWORD })
    expect(error?.code).toBe('email_not_confirmed')
  })

  it('refuses the anon key and user tokens with not_admin and creates nothing', async () => {
    const { session } = await signedIn()
    const before = await countRows(stack, 'auth.users')
    const asAnon = await authClient(stack).auth.admin.createUser({ email: newEmail(), password: PASSWORD })
    expect(asAnon.error?.status).toBe(403)
    expect(asAnon.error?.code).toBe('not_admin')
    const asUser = await rawAuth(stack, 'POST', '/admin/users', {
      headers: { ...versioned, authorization: `Bearer ${session.access_token}` },
      body: { email: newEmail(), password: PASSWORD },
    })
    expect(asUser.status).toBe(403)
    expect(asUser.body).toEqual(errorBody('not_admin', 'User not allowed'))
    const del = await authClient(stack).auth.admin.deleteUser(decodeJwtPayload(session.access_token).sub as string)
    expect(del.error?.code).toBe('not_admin')
    expect(await countRows(stack, 'auth.users')).toBe(before)
  })
})

describe('pkce grant', () => {
  const verifier = 'a-code-verifier-that-is-long-enough-for-pkce-0123456789'
  const s256 = createHash('sha256').update(verifier).digest('base64url')

  async function flowState(userId: string, challenge: string, method: string, ageSeconds = 0) {
    const authCode = crypto.randomUUID()
    await stack.db.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         authentication_method, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, $3, $4, 'email', 'email/signup',
         now() - make_interval(secs => $5), now())`,
      [userId, authCode, method, challenge, ageSeconds],
    )
    return authCode
  }

  it('exchanges an auth code with the S256 verifier once', async () => {
    const { user } = await signedIn()
    const authCode = await flowState(user.id, s256, 's256')
    const storage = new Map<string, string>([['sb-127-auth-token-code-verifier', JSON.stringify(verifier)]])
    const client = authClient(stack, PUBLISHABLE_KEY, {
      flowType: 'pkce',
      persistSession: true,
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
    })
    const { data, error } = await client.auth.exchangeCodeForSession(authCode)
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(decodeJwtPayload(data.session!.access_token).amr).toEqual([
      { method: 'email/signup', timestamp: expect.any(Number) },
    ])
    expect(await countRows(stack, `auth.flow_state where auth_code = '${authCode}'`)).toBe(0)
    const replay = await rawAuth(stack, 'POST', '/token?grant_type=pkce', {
      headers: versioned,
      body: { auth_code: authCode, code_verifier: verifier },
    })
    expect(replay.status).toBe(404)
    expect(replay.body).toEqual(errorBody('flow_state_not_found', 'invalid flow state, no valid flow state found'))
  })

  it('accepts the plain method and refuses a wrong verifier, an expired state and empty fields', async () => {
    const { user } = await signedIn()
    const plain = await flowState(user.id, verifier, 'plain')
    const exchange = (body: object) => rawAuth(stack, 'POST', '/token?grant_type=pkce', { headers: versioned, body })

    const wrong = await exchange({ auth_code: plain, code_verifier: `${verifier}x` })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual(
      errorBody('bad_code_verifier', 'code challenge does not match previously saved code verifier'),
    )
    const ok = await exchange({ auth_code: plain, code_verifier: verifier })
    expect(ok.status).toBe(200)
    expect((ok.body?.user as { id: string }).id).toBe(user.id)

    const old = await flowState(user.id, s256, 's256', 301)
    const expired = await exchange({ auth_code: old, code_verifier: verifier })
    expect(expired.status).toBe(422)
    expect(expired.body).toEqual(errorBody('flow_state_expired', 'invalid flow state, flow state has expired'))

    const empty = await exchange({ auth_code: '', code_verifier: verifier })
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual(
      errorBody('validation_failed', 'invalid request: both auth code and code verifier should be non-empty'),
    )
    expect(await countRows(stack, `auth.sessions where user_id = '${user.id}'`)).toBe(2)
  })
})

describe('service endpoints', () => {
  it('serves health, settings and an empty JWKS with its cache header', async () => {
    expect((await rawAuth(stack, 'GET', '/health')).status).toBe(200)
    const settings = await rawAuth(stack, 'GET', '/settings')
    expect(settings.body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, phone: false },
    })
    const jwks = await rawAuth(stack, 'GET', '/.well-known/jwks.json')
    expect(jwks.status).toBe(200)
    expect(jwks.body).toEqual({ keys: [] })
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600')
  })
})
