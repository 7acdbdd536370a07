import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON_KEY, SERVICE_ROLE_KEY } from '../config.ts'
import { signHs256 } from '../tokens.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import {
  authClient,
  countRows,
  decodeJwtPayload,
  errorBody,
  newEmail,
  rawAuth,
  TEST_PASSWORD as PASSWORD,
  versioned,
} from './auth-test-helpers.ts'

let stack: Stack
let user: { id: string; email: string; token: string; sessionId: string }
let usersBefore: number

beforeAll(async () => {
  stack = await startTestStack({ config: { maxBodyBytes: 4096 } })
  const email = newEmail()
  const { data } = await authClient(stack).auth.signUp({ email, password: PASSWORD })
  const token = data.session!.access_token
  const sessionId = String(decodeJwtPayload(token).session_id)
  user = { id: data.user!.id, email, token, sessionId }
  usersBefore = await countRows(stack, 'auth.users')
})
afterAll(async () => {
  expect(await countRows(stack, 'auth.users')).toBe(usersBefore)
  await stack?.stop()
})

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

function claimsFor(overrides: Record<string, unknown> = {}) {
  const iat = Math.floor(Date.now() / 1000)
  return {
    sub: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    session_id: user.sessionId,
    iat,
    exp: iat + 3600,
    ...overrides,
  }
}

const getUser = (token: string, headers: Record<string, string> = versioned) =>
  rawAuth(stack, 'GET', '/user', { headers: { ...headers, authorization: `Bearer ${token}` } })

describe('/user with a bad bearer token', () => {
  it('accepts a well-formed token (control)', async () => {
    const response = await getUser(await signHs256(claimsFor(), stack.config.jwtSecret))
    expect(response.status).toBe(200)
    expect(response.body?.id).toBe(user.id)
  })

  const bad: [string, () => string | Promise<string>, string][] = [
    ['malformed', () => 'not-a-jwt', 'invalid JWT: unable to parse or verify signature, token is malformed'],
    [
      'expired',
      () => signHs256(claimsFor({ exp: Math.floor(Date.now() / 1000) - 3600 }), stack.config.jwtSecret),
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    ],
    [
      'wrongly signed',
      () => signHs256(claimsFor(), 'another-secret-that-is-at-least-32-characters'),
      'invalid JWT: unable to parse or verify signature, token signature is invalid',
    ],
    [
      'alg:none',
      () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsFor())}.`,
      'invalid JWT: unable to parse or verify signature, token signature is invalid',
    ],
    [
      'HS256 header over a none-style empty signature',
      () => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claimsFor())}.`,
      'invalid JWT: unable to parse or verify signature, token signature is invalid',
    ],
    ['without sub (the anon key)', () => ANON_KEY, 'invalid claim: missing sub claim'],
    [
      'with a sub that is no uuid',
      () => signHs256(claimsFor({ sub: "1' or '1'='1" }), stack.config.jwtSecret),
      'invalid claim: sub claim must be a UUID',
    ],
  ]
  it.each(bad)('refuses a %s token with 403 bad_jwt', async (_name, token, message) => {
    const response = await getUser(await token())
    expect(response.status).toBe(403)
    expect(response.body).toEqual(errorBody('bad_jwt', message))
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(response.headers.get('x-sb-error-code')).toBe('bad_jwt')
  })

  it('answers the legacy shape without X-Supabase-Api-Version', async () => {
    const response = await getUser('not-a-jwt', {})
    expect(response.status).toBe(403)
    const message = 'invalid JWT: unable to parse or verify signature, token is malformed'
    expect(response.body).toEqual({ code: 403, error_code: 'bad_jwt', msg: message, message })
    expect(response.headers.get('x-supabase-api-version')).toBeNull()
  })

  it('refuses a missing token with 401 no_authorization', async () => {
    const response = await fetch(`${stack.url}/auth/v1/user`, { headers: versioned })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual(
      errorBody('no_authorization', 'This endpoint requires a valid Bearer token'),
    )
  })

  it('refuses a deleted user and an unknown session', async () => {
    const ghost = await getUser(await signHs256(claimsFor({ sub: crypto.randomUUID() }), stack.config.jwtSecret))
    expect(ghost.status).toBe(403)
    expect(ghost.body).toEqual(errorBody('user_not_found', 'User from sub claim in JWT does not exist'))
    for (const sessionId of [crypto.randomUUID(), 'not-a-uuid', 42]) {
      const response = await getUser(await signHs256(claimsFor({ session_id: sessionId }), stack.config.jwtSecret))
      expect(response.status).toBe(403)
      expect(response.body).toEqual(
        errorBody('session_not_found', 'Session from session_id claim in JWT does not exist'),
      )
    }
  })

  it('refuses a token for another audience', async () => {
    const response = await getUser(await signHs256(claimsFor({ aud: 'someone-else' }), stack.config.jwtSecret))
    expect(response.status).toBe(400)
    expect(response.body).toEqual(errorBody('validation_failed', "Token audience doesn't match request audience"))
  })
})

describe('bad bodies change nothing', () => {
  const signup = (body: string) => rawAuth(stack, 'POST', '/signup', { headers: versioned, body })

  it.each([
    ['invalid JSON', '{"email": '],
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['an empty body', ''],
    ['a number as email', JSON.stringify({ email: 5, password: PASSWORD })],
    ['an array as data', JSON.stringify({ email: newEmail(), password: PASSWORD, data: [1] })],
    ['a NUL character in data', JSON.stringify({ email: newEmail(), password: PASSWORD, data: { a: 'x\u0000y' } })],
    ['a lone surrogate in data', `{"email":"${newEmail()}","password":"${PASSWORD}","data":{"a":"\\ud800"}}`],
    ['deep nesting', JSON.stringify({ email: newEmail(), password: PASSWORD, data: deep(100) })],
  ])('sign-up with %s is 400 bad_json', async (_name, body) => {
    const response = await signup(body)
    expect(response.status).toBe(400)
    expect(response.body?.code).toBe('bad_json')
    expect(response.body?.error_code).toBe('bad_json')
    expect(String(response.body?.message)).toMatch(/^Could not parse request body as JSON: /)
    expect(await countRows(stack, 'auth.users')).toBe(usersBefore)
  })

  it('refuses a body over maxBodyBytes with 413', async () => {
    const body = JSON.stringify({ email: newEmail(), password: PASSWORD, data: { big: 'x'.repeat(8192) } })
    const response = await signup(body)
    expect(response.status).toBe(413)
    expect(response.body).toEqual(errorBody('request_too_large', 'Payload too large: the limit is 4096 bytes'))
    const update = await rawAuth(stack, 'PUT', '/user', {
      headers: { ...versioned, authorization: `Bearer ${user.token}` },
      body,
    })
    expect(update.status).toBe(413)
    const { rows } = await stack.db.query('select raw_user_meta_data ? $2 as has from auth.users where id = $1', [
      user.id,
      'big',
    ])
    expect(rows).toEqual([{ has: false }])
  })

  it.each([
    [{ email: '   ', password: PASSWORD }, 'An email address is required'],
    [{ email: 'not-an-email', password: PASSWORD }, 'Unable to validate email address: invalid format'],
    [{ email: 'a@b@c.com', password: PASSWORD }, 'Unable to validate email address: invalid format'],
    [{ email: `${'a'.repeat(250)}@x.com`, password: PASSWORD }, 'An email address is too long'],
    [{ email: newEmail(), password: '' }, 'Signup requires a valid password'],
    [{ email: newEmail(), password: 'p'.repeat(73) }, 'Password cannot be longer than 72 characters'],
    [{ email: newEmail(), password: PASSWORD, code_challenge: 'abc' }, 'PKCE flow requires code_challenge_method and code_challenge'],
  ])('sign-up %j is 400 validation_failed', async (body, message) => {
    const response = await rawAuth(stack, 'POST', '/signup', { headers: versioned, body })
    expect(response.status).toBe(400)
    expect(response.body).toEqual(errorBody('validation_failed', message))
    expect(await countRows(stack, 'auth.users')).toBe(usersBefore)
  })

  it('token grants refuse empty and unknown input', async () => {
    const token = (query: string, body: object) =>
      rawAuth(stack, 'POST', `/token${query}`, { headers: versioned, body })
    expect((await token('?grant_type=password', { email: '', password: PASSWORD })).body).toEqual(
      errorBody('validation_failed', 'missing email or phone'),
    )
    const noPassword = await token('?grant_type=password', { email: user.email })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body).toEqual(errorBody('invalid_credentials', 'Invalid login credentials'))
    const refresh = await token('?grant_type=refresh_token', { refresh_token: '' })
    expect(refresh.status).toBe(400)
    expect(refresh.body).toEqual(
      errorBody('validation_failed', 'refresh_token required', {
        error: 'invalid_request',
        error_description: 'refresh_token required',
      }),
    )
    for (const query of ['?grant_type=client_credentials', '']) {
      const unknown = await token(query, {})
      expect(unknown.status).toBe(400)
      expect(unknown.body).toEqual(errorBody('invalid_credentials', 'unsupported_grant_type'))
    }
    expect(await countRows(stack, 'auth.sessions')).toBe(1)
  })

  it('unknown routes are 404 and admin ids must be uuids', async () => {
    expect((await rawAuth(stack, 'GET', '/nope')).status).toBe(404)
    const admin = { ...versioned, authorization: `Bearer ${SERVICE_ROLE_KEY}` }
    const bad = await rawAuth(stack, 'DELETE', '/admin/users/%E0%A4%A', { headers: admin })
    expect(bad.status).toBe(404)
    expect(bad.body).toEqual(errorBody('validation_failed', 'user_id must be an UUID'))
  })
})

function deep(levels: number): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < levels; i++) value = { next: value }
  return value
}
