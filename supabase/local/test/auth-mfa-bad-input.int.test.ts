// Bad requests to the MFA endpoints answer 4xx in GoTrue's error shape and change
// nothing; TOTP switched off in config.toml and GoTrue's per-address limit on
// challenges and verifications.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultConfig, SECRET_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { errorBody, rawAuth, signedIn, versioned, type RawResponse } from './auth-test-helpers.ts'
import { enrollTotp } from './mfa-helpers.ts'
import { startTestStack } from './stack-fixture.ts'

let stack: Stack
let token: string
let factorId: string
let challengeId: string
let userId: string

beforeAll(async () => {
  stack = await startTestStack()
  const owner = await signedIn(stack)
  factorId = (await enrollTotp(owner.client)).id
  challengeId = (await owner.client.auth.mfa.challenge({ factorId })).data!.id
  token = (await owner.client.auth.getSession()).data.session!.access_token
  userId = owner.user.id
})
afterAll(async () => stack?.stop())

const asUser = (t = token) => ({ ...versioned, authorization: `Bearer ${t}` })
const asAdmin = { ...versioned, apikey: SECRET_KEY }

function expectRefused(response: RawResponse, status: number, code: string, message?: string) {
  expect(response.status).toBe(status)
  expect(response.body).toMatchObject({ code, error_code: code, ...(message ? { msg: message } : {}) })
}

describe('bad input to the MFA endpoints', () => {
  it('POST /factors: a body that is not a JSON object, a missing or unknown factor type, wrong field types, an issuer too long for a QR code', async () => {
    const cases: [string | object, number, string, string?][] = [
      ['nope', 400, 'bad_json'],
      ['[]', 400, 'bad_json'],
      ['{"factor_type":"totp","friendly_name":"a\\u0000b"}', 400, 'bad_json'],
      [{}, 400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn'],
      [{ factor_type: 'sms' }, 400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn'],
      [{ factor_type: 'phone', phone: '+447700900123' }, 422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'],
      [{ factor_type: 'webauthn' }, 422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'],
      [{ factor_type: 'totp', friendly_name: 5 }, 400, 'bad_json'],
      [{ factor_type: 'totp', issuer: ['ShelfSnap'] }, 400, 'bad_json'],
      [{ factor_type: 'totp', issuer: 'x'.repeat(3000) }, 400, 'validation_failed', 'Error generating QR Code'],
    ]
    for (const [body, status, code, message] of cases) {
      const response = await rawAuth(stack, 'POST', '/factors', { headers: asUser(), body })
      expectRefused(response, status, code, message)
    }
  })

  it('refuses callers without a user: no bearer token (the anon key), a bad one, the service role', async () => {
    expectRefused(await rawAuth(stack, 'POST', '/factors', { headers: versioned, body: { factor_type: 'totp' } }), 403, 'bad_jwt', 'invalid claim: missing sub claim')
    expectRefused(await rawAuth(stack, 'POST', '/factors', { headers: asUser('not.a.jwt'), body: { factor_type: 'totp' } }), 403, 'bad_jwt')
    expectRefused(await rawAuth(stack, 'POST', `/factors/${factorId}/challenge`, { headers: asAdmin }), 403, 'bad_jwt')
  })

  it('a factor id that is not a UUID, or no factor of the caller, on challenge, verify and unenroll', async () => {
    for (const [method, suffix] of [['POST', '/challenge'], ['POST', '/verify'], ['DELETE', '']] as const) {
      for (const id of ['not-a-uuid', '%E0%A4%A', `${factorId}x`]) {
        const response = await rawAuth(stack, method, `/factors/${id}${suffix}`, { headers: asUser(), body: { challenge_id: challengeId, code: '123456' } })
        expectRefused(response, 404, 'validation_failed', 'factor_id must be an UUID')
      }
      const response = await rawAuth(stack, method, `/factors/${randomUUID()}${suffix}`, { headers: asUser(), body: { challenge_id: challengeId, code: '123456' } })
      expectRefused(response, 404, 'mfa_factor_not_found', 'Factor not found')
    }
  })

  it('challenge and unenroll refuse a body that is not JSON', async () => {
    expectRefused(await rawAuth(stack, 'POST', `/factors/${factorId}/challenge`, { headers: asUser(), body: 'nope' }), 400, 'bad_json')
    expectRefused(await rawAuth(stack, 'DELETE', `/factors/${factorId}`, { headers: asUser(), body: '{"a":' }), 400, 'bad_json')
  })

  it('verify: no JSON, no code, a challenge id that is not a UUID or is missing, a code of the wrong type or shape', async () => {
    const cases: [string | object, number, string, string?][] = [
      ['nope', 400, 'bad_json'],
      [{ challenge_id: challengeId }, 400, 'validation_failed', 'Code needs to be non-empty'],
      [{ challenge_id: challengeId, code: '' }, 400, 'validation_failed', 'Code needs to be non-empty'],
      [{ challenge_id: 'abc', code: '123456' }, 400, 'bad_json'],
      [{ challenge_id: 42, code: '123456' }, 400, 'bad_json'],
      [{ challenge_id: challengeId, code: 123456 }, 400, 'bad_json'],
      [{ code: '123456' }, 422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'],
      [{ challenge_id: challengeId, code: 'abcdef' }, 422, 'mfa_verification_failed', 'Invalid TOTP code entered'],
      [{ challenge_id: challengeId, code: '9'.repeat(5000) }, 422, 'mfa_verification_failed', 'Invalid TOTP code entered'],
    ]
    for (const [body, status, code, message] of cases) {
      expectRefused(await rawAuth(stack, 'POST', `/factors/${factorId}/verify`, { headers: asUser(), body }), status, code, message)
    }
  })

  it('admin factor routes: a user or factor id that is not a UUID, an unknown user, a caller without the service role', async () => {
    expectRefused(await rawAuth(stack, 'GET', '/admin/users/nope/factors', { headers: asAdmin }), 404, 'validation_failed', 'user_id must be an UUID')
    expectRefused(await rawAuth(stack, 'GET', `/admin/users/${randomUUID()}/factors`, { headers: asAdmin }), 404, 'user_not_found', 'User not found')
    expectRefused(await rawAuth(stack, 'DELETE', `/admin/users/${userId}/factors/nope`, { headers: asAdmin }), 404, 'validation_failed', 'factor_id must be an UUID')
    expectRefused(await rawAuth(stack, 'DELETE', `/admin/users/nope/factors/${factorId}`, { headers: asAdmin }), 404, 'validation_failed', 'user_id must be an UUID')
    expectRefused(await rawAuth(stack, 'GET', `/admin/users/${userId}/factors`, { headers: asUser() }), 403, 'not_admin', 'User not allowed')
    expectRefused(await rawAuth(stack, 'DELETE', `/admin/users/${userId}/factors/${factorId}`, { headers: versioned }), 403, 'not_admin')
  })

  it('left the factor and its challenge as they were', async () => {
    const { rows } = await stack.db.query(
      `select f.status::text, c.verified_at from auth.mfa_factors f join auth.mfa_challenges c on c.factor_id = f.id where f.user_id = $1`,
      [userId],
    )
    expect(rows).toEqual([{ status: 'unverified', verified_at: null }])
  })
})

describe('TOTP off in config.toml, and the limit on challenges and verifications', () => {
  let strict: Stack
  let strictToken: string
  let strictFactor: string

  beforeAll(async () => {
    strict = await startTestStack({
      config: { mfa: { ...defaultConfig().mfa, totpEnrollEnabled: false, totpVerifyEnabled: false, rateLimit: { max: 3, windowMs: 60_000 } } },
    })
    const owner = await signedIn(strict)
    strictToken = (await owner.client.auth.getSession()).data.session!.access_token
    // A factor left from when TOTP was on.
    strictFactor = randomUUID()
    await strict.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, 'Old phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')`,
      [strictFactor, owner.user.id],
    )
  })
  afterAll(async () => strict?.stop())

  const call = (path: string, headers: Record<string, string> = { ...versioned, authorization: `Bearer ${strictToken}` }) =>
    rawAuth(strict, 'POST', path, { headers, body: { challenge_id: randomUUID(), code: '123456' } })

  it('enroll is 422 mfa_totp_enroll_not_enabled; challenge and verify 422 mfa_totp_verify_not_enabled, then 429 past 3 from one address', async () => {
    const enroll = await rawAuth(strict, 'POST', '/factors', { headers: { ...versioned, authorization: `Bearer ${strictToken}` }, body: { factor_type: 'totp' } })
    expect(enroll.body).toEqual(errorBody('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP'))
    for (const step of ['challenge', 'verify']) {
      for (let i = 0; i < 3; i += 1) {
        const response = await call(`/factors/${strictFactor}/${step}`)
        expect(response.status).toBe(422)
        expect(response.body).toEqual(errorBody('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP'))
      }
      const limited = await call(`/factors/${strictFactor}/${step}`)
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual(errorBody('over_request_rate_limit', 'Request rate limit reached'))
    }
    // Another address (a server naming its user's in Sb-Forwarded-For, with the secret key) has its own count.
    const elsewhere = await call(`/factors/${strictFactor}/challenge`, {
      ...versioned,
      apikey: SECRET_KEY,
      authorization: `Bearer ${strictToken}`,
      'Sb-Forwarded-For': '203.0.113.7',
    })
    expect(elsewhere.status).toBe(422)
  })
})
