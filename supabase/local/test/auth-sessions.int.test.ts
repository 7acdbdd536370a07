import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import {
  authClient,
  decodeJwtPayload,
  errorBody,
  newEmail,
  rawAuth,
  sessionCount,
  signedIn,
  TEST_PASSWORD as PASSWORD,
  versioned,
} from './auth-test-helpers.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.stop()
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
    const { client, session } = await signedIn(stack)
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
    const { client, session } = await signedIn(stack)
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
    const { client, session } = await signedIn(stack)
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
    const { client, email, user } = await signedIn(stack)
    const second = authClient(stack)
    const third = authClient(stack)
    await second.auth.signInWithPassword({ email, password: PASSWORD })
    await third.auth.signInWithPassword({ email, password: PASSWORD })
    expect(await sessionCount(stack, user.id)).toBe(3)
    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect(await sessionCount(stack, user.id)).toBe(1)
    expect((await client.auth.getUser()).error).toBeNull()

    const fourth = authClient(stack)
    await fourth.auth.signInWithPassword({ email, password: PASSWORD })
    expect((await fourth.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect(await sessionCount(stack, user.id)).toBe(1)
    await second.auth.signInWithPassword({ email, password: PASSWORD })
    expect(await sessionCount(stack, user.id)).toBe(2)
    expect((await second.auth.signOut({ scope: 'global' })).error).toBeNull()
    expect(await sessionCount(stack, user.id)).toBe(0)
  })

  it('refuses an unknown scope with validation_failed', async () => {
    const { session, user } = await signedIn(stack)
    const response = await rawAuth(stack, 'POST', '/logout?scope=everything', {
      headers: { ...versioned, authorization: `Bearer ${session.access_token}` },
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual(errorBody('validation_failed', 'Unsupported logout scope "everything"'))
    expect(await sessionCount(stack, user.id)).toBe(1)
  })
})
