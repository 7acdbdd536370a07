import { randomUUID } from 'node:crypto'
import { exportSPKI, generateKeyPair, importJWK, SignJWT, type CryptoKey } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY, ANON_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { signHs256, type JwtClaims } from '../tokens.ts'
import { authClient, decodeJwtPayload, rawAuth, signedIn, versioned } from './auth-test-helpers.ts'
import { rawRest, REST_MIGRATIONS } from './rest-helpers.ts'
import { startTestStack } from './stack-fixture.ts'

let stack: Stack
let user: Awaited<ReturnType<typeof signedIn>>
let foreignKey: CryptoKey

beforeAll(async () => {
  stack = await startTestStack({ migrationsDir: REST_MIGRATIONS })
  user = await signedIn(stack)
  ;({ privateKey: foreignKey } = await generateKeyPair('ES256', { extractable: true }))
})

afterAll(async () => {
  await stack?.stop()
})

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const parts = (token: string) => token.split('.') as [string, string, string]

/** The user's own claims, as the stack issued them. */
const userClaims = (): JwtClaims => decodeJwtPayload(user.session.access_token)

/** A client that counts its requests to /user and to the JWKS, with its own JWKS cache (storageKey). */
function countingClient() {
  const calls = { user: 0, jwks: 0 }
  const client = authClient(stack, PUBLISHABLE_KEY, { storageKey: `jwks-${randomUUID()}` }, (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.endsWith('/auth/v1/user')) calls.user += 1
    if (url.endsWith('/auth/v1/.well-known/jwks.json')) calls.jwks += 1
    return fetch(input, init)
  })
  return { client, calls }
}

describe('access tokens', () => {
  it('are ES256 with the kid the JWKS publishes, and carry GoTrue’s claims', async () => {
    const [header] = parts(user.session.access_token)
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'ES256', typ: 'JWT', kid: stack.tokens.kid })
    const claims = userClaims()
    expect(claims).toEqual({
      iss: `${stack.url}/auth/v1`,
      sub: user.user.id,
      aud: 'authenticated',
      exp: expect.any(Number),
      iat: expect.any(Number),
      email: user.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: expect.objectContaining({ email: user.email, sub: user.user.id }),
    })
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600)

    const jwks = await rawAuth(stack, 'GET', '/.well-known/jwks.json')
    expect(jwks.body).toEqual({
      keys: [
        {
          kty: 'EC',
          crv: 'P-256',
          x: expect.any(String),
          y: expect.any(String),
          kid: stack.tokens.kid,
          alg: 'ES256',
          use: 'sig',
          key_ops: ['verify'],
        },
      ],
    })
  })

  it('getClaims() of the real supabase-js verifies through the JWKS, without asking /user', async () => {
    const { client, calls } = countingClient()
    const signIn = await client.auth.signInWithPassword({ email: user.email, password: user.password })
    expect(signIn.error).toBeNull()
    const { data, error } = await client.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: stack.tokens.kid })
    expect(data?.claims).toMatchObject({ sub: user.user.id, email: user.email, role: 'authenticated', is_anonymous: false })
    expect(calls).toEqual({ user: 0, jwks: 1 })

    const again = await client.auth.getClaims()
    expect(again.data?.claims.sub).toBe(user.user.id)
    expect(calls).toEqual({ user: 0, jwks: 1 })
  })

  it('getClaims() refuses a token signed by another key under the stack’s kid', async () => {
    const { client, calls } = countingClient()
    const forged = await new SignJWT(userClaims())
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: stack.tokens.kid })
      .sign(foreignKey)
    const { data, error } = await client.auth.getClaims(forged)
    expect(data).toBeNull()
    expect(error?.name).toBe('AuthInvalidJwtError')
    expect(error?.message).toBe('Invalid JWT signature')
    expect(calls.jwks).toBe(1)
  })

  it('getClaims() refuses a token of another key with its own kid (auth-js asks /user, which refuses)', async () => {
    const { client, calls } = countingClient()
    const forged = await new SignJWT(userClaims())
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'someone-elses-key' })
      .sign(foreignKey)
    const { data, error } = await client.auth.getClaims(forged)
    expect(data).toBeNull()
    expect(error?.status).toBe(403)
    expect(calls).toEqual({ user: 1, jwks: 1 })
  })
})

describe('forged tokens are refused by auth, REST and storage', () => {
  const forgeries: [string, () => Promise<string>][] = [
    ['ES256 signed by another key, with the stack’s kid', () =>
      new SignJWT(userClaims()).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: stack.tokens.kid }).sign(foreignKey)],
    ['ES256 signed by the stack’s key under a wrong kid', async () => {
      const token = await stack.tokens.signAccessToken(userClaims())
      const [, payload, signature] = parts(token)
      return `${b64({ alg: 'ES256', typ: 'JWT', kid: 'not-our-kid' })}.${payload}.${signature}`
    }],
    ['ES256 without a kid', async () => {
      const [, payload, signature] = parts(user.session.access_token)
      return `${b64({ alg: 'ES256', typ: 'JWT' })}.${payload}.${signature}`
    }],
    ['HS256 keyed with the published public JWK (key confusion)', async () => {
      const jwk = JSON.stringify(stack.tokens.jwks().keys[0])
      return signHs256({ ...userClaims(), role: 'service_role' }, jwk)
    }],
    ['HS256 keyed with the public key as PEM (key confusion)', async () => {
      const pem = await exportSPKI((await importJWK(stack.tokens.jwks().keys[0]!, 'ES256', { extractable: true })) as CryptoKey)
      return signHs256({ ...userClaims(), role: 'service_role' }, pem)
    }],
    ['a tampered payload (role service_role) under a valid signature', async () => {
      const [header, , signature] = parts(user.session.access_token)
      return `${header}.${b64({ ...userClaims(), role: 'service_role' })}.${signature}`
    }],
    ['a tampered payload (another sub) under a valid signature', async () => {
      const [header, , signature] = parts(user.session.access_token)
      return `${header}.${b64({ ...userClaims(), sub: randomUUID() })}.${signature}`
    }],
    ['alg none with the stack’s kid', async () => `${b64({ alg: 'none', typ: 'JWT', kid: stack.tokens.kid })}.${b64(userClaims())}.`],
    ['ES256 with an empty signature', async () => {
      const [header, payload] = parts(user.session.access_token)
      return `${header}.${payload}.`
    }],
    ['RS256, an algorithm the stack never signs with', async () => {
      const { privateKey } = await generateKeyPair('RS256')
      return new SignJWT(userClaims()).setProtectedHeader({ alg: 'RS256', kid: stack.tokens.kid }).sign(privateKey)
    }],
  ]

  it.each(forgeries)('%s', async (_name, forge) => {
    const token = await forge()
    const auth = await rawAuth(stack, 'GET', '/user', { headers: { ...versioned, authorization: `Bearer ${token}` } })
    expect(auth.status).toBe(403)
    expect(auth.body?.error_code).toBe('bad_jwt')

    const rest = await rawRest(stack, '/items?select=id', { headers: { authorization: `Bearer ${token}` } })
    expect(rest.status).toBe(401)
    expect((rest.body as { code: string }).code).toBe('PGRST301')

    const storage = await fetch(`${stack.url}/storage/v1/object/list/nowhere`, {
      method: 'POST',
      headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    })
    expect(await storage.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
  })

  it('refuses an expired ES256 token', async () => {
    const now = Math.floor(Date.now() / 1000)
    const token = await stack.tokens.signAccessToken({ ...userClaims(), iat: now - 7200, exp: now - 3600 })
    const auth = await rawAuth(stack, 'GET', '/user', { headers: { ...versioned, authorization: `Bearer ${token}` } })
    expect(auth.status).toBe(403)
    expect(auth.body?.msg).toBe('invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired')
    const rest = await rawRest(stack, '/items?select=id', { headers: { authorization: `Bearer ${token}` } })
    expect(rest.status).toBe(401)
    expect(rest.body).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
  })

  it('the control: the genuine token passes everywhere', async () => {
    const token = user.session.access_token
    expect((await rawAuth(stack, 'GET', '/user', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    expect((await rawRest(stack, '/items?select=id', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
  })
})

describe('the legacy HS256 keys', () => {
  it('keep working as apikey and bearer, as do the sb_ keys', async () => {
    const asKey = (apikey: string, bearer?: string) =>
      rawRest(stack, '/items?select=id', { headers: { apikey, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } })
    for (const response of [
      await asKey(ANON_KEY),
      await asKey(ANON_KEY, ANON_KEY),
      await asKey(SERVICE_ROLE_KEY, SERVICE_ROLE_KEY),
      await asKey(PUBLISHABLE_KEY),
      await asKey(SECRET_KEY),
    ]) {
      expect(response.status).toBe(200)
    }
    const admin = await rawAuth(stack, 'GET', `/admin/users/${user.user.id}`, {
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    })
    expect(admin.status).toBe(200)
    const viaSecret = await rawAuth(stack, 'GET', `/admin/users/${user.user.id}`, { headers: { apikey: SECRET_KEY } })
    expect(viaSecret.status).toBe(200)
  })

  it('HS256 user tokens signed with the JWT secret are still accepted, as by the CLI during a key rotation', async () => {
    const token = await signHs256(userClaims(), stack.config.jwtSecret)
    const response = await rawAuth(stack, 'GET', '/user', { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    expect(response.body?.id).toBe(user.user.id)
  })
})
