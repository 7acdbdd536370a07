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
  errorBody,
  newEmail,
  rawAuth,
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
    const { session } = await signedIn(stack)
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
    const { user } = await signedIn(stack)
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
    const { user } = await signedIn(stack)
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
