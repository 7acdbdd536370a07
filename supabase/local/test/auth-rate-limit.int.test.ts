import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
})
