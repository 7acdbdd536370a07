// Sign-in limits key on the client, not on the app server: one client's wrong passwords never lock
// out another owner. The client's address comes only from the header the deployment names.
import { setRequestHeaders, signOutEveryone, startActionStack, formData } from '@/test/support/action-test-harness'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { initialActionState } from '@/lib/actions/action-state'
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@/lib/auth/auth-limits'
import { SECRET_KEY } from '@/supabase/local/config'
import type { Stack } from '@/supabase/local/stack'
import { signUpUser, type TestUser } from '@/supabase/local/test/stack-fixture'
import { requestPasswordReset, resendConfirmation } from './auth-email-actions'
import { signIn } from './sign-in'
import { signUp } from './sign-up'

let stack: Stack
let ownerA: TestUser
let ownerB: TestUser

const attempt = (email: string, password: string) => signIn(initialActionState, formData({ email, password }))

beforeAll(async () => {
  // The stack's own limits as the CLI's (30 sign-ins per 5 minutes per address and per email).
  stack = await startActionStack()
  process.env.SUPABASE_SECRET_KEY = SECRET_KEY
  ownerA = await signUpUser(stack)
  ownerB = await signUpUser(stack)
})

afterEach(() => {
  delete process.env.TRUSTED_IP_HEADER
  setRequestHeaders({})
  signOutEveryone()
})

afterAll(async () => {
  await stack?.stop()
})

async function lastSessionAddress(email: string): Promise<string> {
  const { rows } = await stack.db.query<{ ip: string }>(
    'select s.ip from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1 order by s.created_at desc limit 1',
    [email],
  )
  return rows[0]!.ip
}

describe('with the deployment naming its client-address header (TRUSTED_IP_HEADER)', () => {
  it("40 wrong passwords for one owner from one client do not lock out another owner at another address", async () => {
    process.env.TRUSTED_IP_HEADER = 'x-real-ip'
    setRequestHeaders({ 'x-real-ip': '203.0.113.7' })
    const answers = []
    for (let i = 0; i < 40; i++) answers.push((await attempt(ownerA.email, 'wrong-password')).message)
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('Invalid login credentials'))
    expect(answers.slice(10)).toEqual(Array(30).fill(TOO_MANY_ATTEMPTS_MESSAGE))
    // the same client, rotating the emails it tries: its own address is limited too
    const rotating = []
    for (let i = 0; i < 25; i++) rotating.push((await attempt(`nobody-${i}@example.com`, 'wrong-password')).message)
    expect(rotating.slice(-5)).toEqual(Array(5).fill(TOO_MANY_ATTEMPTS_MESSAGE))

    setRequestHeaders({ 'x-real-ip': '198.51.100.9' })
    expect(await attempt(ownerB.email, ownerB.password)).toEqual({ ok: true })
    // the auth server was told whose attempt it was
    expect(await lastSessionAddress(ownerB.email)).toBe('198.51.100.9')
  })

  it('limits password-reset emails per client and per address asked for', async () => {
    process.env.TRUSTED_IP_HEADER = 'x-real-ip'
    setRequestHeaders({ 'x-real-ip': '203.0.113.99' })
    const answers = []
    for (let i = 0; i < 12; i++) answers.push((await requestPasswordReset(initialActionState, formData({ email: `reset-${i}@example.com` }))).message)
    expect(answers.slice(10)).toEqual([TOO_MANY_ATTEMPTS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE])
  })
})

describe.each([
  ['sign-up', (email: string) => signUp(initialActionState, formData({ email, password: 'long-enough-1', fullName: 'Limit Tester' }))],
  ['password reset', (email: string) => requestPasswordReset(initialActionState, formData({ email }))],
  ['resend confirmation', (email: string) => resendConfirmation(initialActionState, formData({ email }))],
] as const)('%s, with TRUSTED_IP_HEADER', (kind, send) => {
  const tag = kind.replace(/\W/g, '')
  it('is limited per client address: the 11th email from one client is refused, another client is not', async () => {
    process.env.TRUSTED_IP_HEADER = 'x-real-ip'
    setRequestHeaders({ 'x-real-ip': '203.0.113.50' })
    const answers = []
    for (let i = 0; i < 12; i++) answers.push((await send(`${tag}-client-${i}@example.com`)).message)
    expect(answers.slice(0, 10)).not.toContain(TOO_MANY_ATTEMPTS_MESSAGE)
    expect(answers.slice(10)).toEqual([TOO_MANY_ATTEMPTS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE])
    setRequestHeaders({ 'x-real-ip': '198.51.100.50' })
    expect((await send(`${tag}-elsewhere@example.com`)).message).not.toBe(TOO_MANY_ATTEMPTS_MESSAGE)
  })

  it('is limited per email address: the 6th ask for one address is refused from any client', async () => {
    process.env.TRUSTED_IP_HEADER = 'x-real-ip'
    const answers = []
    for (let i = 0; i < 7; i++) {
      setRequestHeaders({ 'x-real-ip': `198.51.100.${100 + i}` })
      answers.push((await send(`${tag}-One.Address@example.com`)).message)
    }
    expect(answers.slice(0, 5)).not.toContain(TOO_MANY_ATTEMPTS_MESSAGE)
    expect(answers.slice(5)).toEqual([TOO_MANY_ATTEMPTS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE])
  })
})

describe('with no header trusted', () => {
  it('a client that rotates the header value gets no fresh bucket', async () => {
    const victim = await signUpUser(stack)
    const answers = []
    for (let i = 0; i < 15; i++) {
      setRequestHeaders({ 'x-real-ip': `192.0.2.${i + 1}`, 'x-forwarded-for': `192.0.2.${i + 1}` })
      answers.push((await attempt(victim.email, 'wrong-password')).message)
    }
    expect(answers.slice(10)).toEqual(Array(5).fill(TOO_MANY_ATTEMPTS_MESSAGE))
    // and the auth server was not handed the spoofed address
    setRequestHeaders({ 'x-real-ip': '192.0.2.200' })
    const other = await signUpUser(stack)
    expect(await attempt(other.email, other.password)).toEqual({ ok: true })
    expect(await lastSessionAddress(other.email)).toBe('127.0.0.1')
  })
})
