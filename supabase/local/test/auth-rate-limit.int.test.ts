import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import { authClient, countRows, newEmail, TEST_PASSWORD as PASSWORD } from './auth-test-helpers.ts'

describe('sign-in rate limit', () => {
  let limited: Stack
  beforeAll(async () => {
    limited = await startTestStack({ config: { signInRateLimit: { max: 3, windowMs: 60_000 } } })
  })
  afterAll(async () => {
    await limited?.stop()
  })

  it('answers 429 over_request_rate_limit after max attempts, even with the right password', async () => {
    const email = newEmail()
    await authClient(limited).auth.signUp({ email, password: PASSWORD })
    const client = authClient(limited)
    for (let i = 0; i < 2; i++) {
      const { error } = await client.auth.signInWithPassword({ email, password: 'wrong-password' })
      expect(error?.code).toBe('invalid_credentials')
    }
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    const sessions = await countRows(limited, 'auth.sessions')

    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
    expect(data.session).toBeNull()
    expect(error?.status).toBe(429)
    expect(error?.code).toBe('over_request_rate_limit')
    expect(error?.message).toBe('Request rate limit reached')
    const otherEmail = await client.auth.signInWithPassword({ email: newEmail(), password: PASSWORD })
    expect(otherEmail.error?.status).toBe(429)
    expect(await countRows(limited, 'auth.sessions')).toBe(sessions)
  })

  /** A password sign-in as a server makes it for a user at `address`: the secret key and Sb-Forwarded-For. */
  function signInFor(address: string, email: string, password: string, key = SECRET_KEY) {
    return fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: key, 'Content-Type': 'application/json', 'Sb-Forwarded-For': address },
      body: JSON.stringify({ email, password }),
    })
  }

  it("keys the limit on each user's address that a server holding the secret key forwards (GoTrue's RATE_LIMIT_HEADER)", async () => {
    const attacked = newEmail()
    const other = newEmail()
    await authClient(limited).auth.signUp({ email: attacked, password: PASSWORD })
    await authClient(limited).auth.signUp({ email: other, password: PASSWORD })
    for (let i = 0; i < 3; i++) expect((await signInFor('203.0.113.7', attacked, 'wrong-password')).status).toBe(400)
    expect((await signInFor('203.0.113.7', newEmail(), 'wrong-password')).status).toBe(429)
    // another user behind the same server, at another address: not limited
    const answer = await signInFor('198.51.100.9', other, PASSWORD)
    expect(answer.status).toBe(200)
    const { rows } = await limited.db.query<{ ip: string }>(
      `select s.ip from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1 order by s.created_at desc limit 1`,
      [other],
    )
    expect(rows).toEqual([{ ip: '198.51.100.9' }])
  })

  it('ignores the forwarded address from a caller without the secret key: a new value per request is no fresh bucket', async () => {
    const email = newEmail()
    const answers: number[] = []
    for (let i = 0; i < 6; i++) answers.push((await signInFor(`192.0.2.${i + 1}`, email, 'wrong-password', PUBLISHABLE_KEY)).status)
    expect(answers.slice(3)).toEqual([429, 429, 429])
  })
})
