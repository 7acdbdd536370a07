import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import {
  authClient,
  countRows,
  decodeJwtPayload,
  errorBody,
  newEmail,
  rawAuth,
  signedIn,
  TEST_PASSWORD,
  versioned,
} from './auth-test-helpers.ts'
import { REST_MIGRATIONS } from './rest-helpers.ts'
import { startTestStack } from './stack-fixture.ts'

let stack: Stack

beforeAll(async () => {
  // The app's own migrations: the visitors below use the shops and products tables as the app does.
  stack = await startTestStack()
})

afterAll(async () => {
  await stack?.stop()
})

async function anonymousVisitor(): Promise<{ client: SupabaseClient; id: string; token: string }> {
  const client = authClient(stack)
  const { data, error } = await client.auth.signInAnonymously()
  if (error || !data.session || !data.user) throw new Error(`anonymous sign-in failed: ${error?.message}`)
  return { client, id: data.user.id, token: data.session.access_token }
}

describe('anonymous sign-in over raw HTTP', () => {
  it('POST /signup without email or phone creates an anonymous user and signs it in', async () => {
    const response = await rawAuth(stack, 'POST', '/signup', {
      headers: versioned,
      body: { data: { plan: 'demo' }, gotrue_meta_security: { captcha_token: '' } },
    })
    expect(response.status).toBe(200)
    const body = response.body as Record<string, unknown> & { user: Record<string, unknown>; access_token: string }
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String) })
    expect(body.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: '',
      phone: '',
      is_anonymous: true,
      app_metadata: {},
      user_metadata: { plan: 'demo' },
      identities: [],
    })
    expect(decodeJwtPayload(body.access_token)).toMatchObject({
      sub: body.user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: '',
      is_anonymous: true,
      amr: [{ method: 'anonymous', timestamp: expect.any(Number) }],
    })
    const { rows } = await stack.db.query('select email, encrypted_password, is_anonymous from auth.users where id = $1', [
      body.user.id,
    ])
    expect(rows).toEqual([{ email: null, encrypted_password: null, is_anonymous: true }])
  })

  it('treats an empty email as no email, as GoTrue’s route does', async () => {
    const response = await rawAuth(stack, 'POST', '/signup', { headers: versioned, body: { email: '', password: TEST_PASSWORD } })
    expect(response.status).toBe(200)
    expect((response.body as { user: { is_anonymous: boolean } }).user.is_anonymous).toBe(true)
  })

  it('refuses data that is not an object', async () => {
    const before = await countRows(stack, 'auth.users')
    const response = await rawAuth(stack, 'POST', '/signup', { headers: versioned, body: { data: 'x' } })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ error_code: 'bad_json' })
    expect(await countRows(stack, 'auth.users')).toBe(before)
  })
})

describe('anonymous sign-in with the real supabase-js', () => {
  it('signInAnonymously() gives a session whose verified claims say is_anonymous', async () => {
    const client = authClient(stack)
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { source: 'demo' } } })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { source: 'demo' } })
    const claims = await client.auth.getClaims()
    expect(claims.error).toBeNull()
    expect(claims.data?.claims).toMatchObject({ sub: data.user!.id, is_anonymous: true, role: 'authenticated' })
    const user = await client.auth.getUser()
    expect(user.data.user?.is_anonymous).toBe(true)
  })

  it('converts to a permanent user with updateUser({ email, password }), keeping the id', async () => {
    const visitor = await anonymousVisitor()
    const email = newEmail()
    const password = 'a-new-password-1'
    const { data, error } = await visitor.client.auth.updateUser({ email, password })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      id: visitor.id,
      email,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      email_confirmed_at: expect.any(String),
    })
    expect(data.user?.identities).toEqual([
      expect.objectContaining({ provider: 'email', user_id: visitor.id, identity_data: expect.objectContaining({ email }) }),
    ])

    // Tokens issued after the conversion say so; a refresh is one of them.
    const refreshed = await visitor.client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(decodeJwtPayload(refreshed.data.session!.access_token)).toMatchObject({ sub: visitor.id, email, is_anonymous: false })

    const fresh = authClient(stack)
    const signIn = await fresh.auth.signInWithPassword({ email, password })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.id).toBe(visitor.id)
    expect(decodeJwtPayload(signIn.data.session!.access_token)).toMatchObject({ is_anonymous: false, email })
    const claims = await fresh.auth.getClaims()
    expect(claims.data?.claims.is_anonymous).toBe(false)

    const wrong = await authClient(stack).auth.signInWithPassword({ email, password: 'not-the-password' })
    expect(wrong.error?.code).toBe('invalid_credentials')
  })

  it('refuses a password without an email for an anonymous user (422 validation_failed)', async () => {
    const visitor = await anonymousVisitor()
    const response = await rawAuth(stack, 'PUT', '/user', {
      headers: { ...versioned, authorization: `Bearer ${visitor.token}` },
      body: { password: 'a-new-password-1' },
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual(
      errorBody('validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed'),
    )
    const { rows } = await stack.db.query('select encrypted_password, is_anonymous from auth.users where id = $1', [visitor.id])
    expect(rows).toEqual([{ encrypted_password: null, is_anonymous: true }])
  })

  it('refuses an email that is taken with 422 email_exists, and the visitor stays anonymous', async () => {
    const owner = await signedIn(stack)
    const visitor = await anonymousVisitor()
    const { error } = await visitor.client.auth.updateUser({ email: owner.email.toUpperCase(), password: 'a-new-password-1' })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('email_exists')
    expect(error?.message).toBe('A user with this email address has already been registered')
    const { rows } = await stack.db.query('select email, encrypted_password, is_anonymous from auth.users where id = $1', [
      visitor.id,
    ])
    expect(rows).toEqual([{ email: null, encrypted_password: null, is_anonymous: true }])
  })
})

describe('two anonymous visitors', () => {
  it('cannot see or change each other’s shop and products', async () => {
    const a = await anonymousVisitor()
    const b = await anonymousVisitor()
    const shop = await a.client
      .from('shops')
      .insert({ owner_id: a.id, name: 'Demo corner shop', currency: 'GBP', timezone: 'Europe/London' })
      .select('id, name')
      .single()
    expect(shop.error).toBeNull()
    const shopId = shop.data!.id as string
    const product = await a.client.from('products').insert({ shop_id: shopId, name: 'Tea', qty: 12 }).select('id').single()
    expect(product.error).toBeNull()

    expect((await b.client.from('shops').select('id')).data).toEqual([])
    expect((await b.client.from('products').select('id')).data).toEqual([])
    const rename = await b.client.from('shops').update({ name: 'Taken over' }).eq('id', shopId).select('id')
    expect(rename.data).toEqual([])
    const removeShop = await b.client.from('shops').delete().eq('id', shopId).select('id')
    expect(removeShop.data).toEqual([])
    const removeProduct = await b.client.from('products').delete().eq('id', product.data!.id).select('id')
    expect(removeProduct.data).toEqual([])
    const intrude = await b.client.from('products').insert({ shop_id: shopId, name: 'Planted', qty: 1 })
    expect(intrude.error?.code).toBe('42501')
    const steal = await b.client.from('shops').insert({ owner_id: a.id, name: 'Second shop' })
    expect(steal.error?.code).toBe('42501')

    const { rows } = await stack.db.query(
      'select s.name, s.owner_id::text, array_agg(p.name order by p.name) as products from public.shops s join public.products p on p.shop_id = s.id where s.id = $1 group by s.id',
      [shopId],
    )
    expect(rows).toEqual([{ name: 'Demo corner shop', owner_id: a.id, products: ['Tea'] }])
    expect((await a.client.from('products').select('name, qty')).data).toEqual([{ name: 'Tea', qty: 12 }])
  })
})

describe('configuration', () => {
  it('refuses anonymous sign-ins when they are disabled (422 anonymous_provider_disabled)', async () => {
    const off = await startTestStack({ migrationsDir: REST_MIGRATIONS, config: { enableAnonymousSignIns: false } })
    try {
      const response = await fetch(`${off.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: 'x', 'content-type': 'application/json', ...versioned },
        body: '{}',
      })
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual(errorBody('anonymous_provider_disabled', 'Anonymous sign-ins are disabled'))
      const settings = await (await fetch(`${off.url}/auth/v1/settings`)).json()
      expect(settings.external.anonymous_users).toBe(false)
      const { rows } = await off.db.query('select count(*)::int as n from auth.users')
      expect(rows).toEqual([{ n: 0 }])
    } finally {
      await off.stop()
    }
  })

  it('limits anonymous sign-ins per IP (429 over_request_rate_limit)', async () => {
    const limited = await startTestStack({
      migrationsDir: REST_MIGRATIONS,
      config: { anonymousSignInRateLimit: { max: 2, windowMs: 60 * 60_000 } },
    })
    try {
      const signUp = () => authClient(limited).auth.signInAnonymously()
      expect((await signUp()).error).toBeNull()
      expect((await signUp()).error).toBeNull()
      const third = await signUp()
      expect(third.error?.status).toBe(429)
      expect(third.error?.code).toBe('over_request_rate_limit')
      const { rows } = await limited.db.query('select count(*)::int as n from auth.users')
      expect(rows).toEqual([{ n: 2 }])
      // Email sign-ups are not counted against it.
      expect((await authClient(limited).auth.signUp({ email: newEmail(), password: TEST_PASSWORD })).error).toBeNull()
    } finally {
      await limited.stop()
    }
  })
})
