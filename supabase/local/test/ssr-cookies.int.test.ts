import { createServerClient, type CookieOptions } from '@supabase/ssr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import { adminClient, decodeJwtPayload, newEmail, TEST_PASSWORD as PASSWORD } from './auth-test-helpers.ts'

const COOKIE = 'sb-127-auth-token'
let stack: Stack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.stop()
})

interface Cookie {
  name: string
  value: string
  options?: CookieOptions
}

/** A request's cookies in, the response's Set-Cookie out, as a Next.js route would wire them. */
class CookieJar {
  readonly cookies = new Map<string, Cookie>()
  setAllCalls = 0

  getAll = () => [...this.cookies.values()].map(({ name, value }) => ({ name, value }))

  setAll = (list: Cookie[]) => {
    this.setAllCalls += 1
    for (const cookie of list) {
      if (cookie.options?.maxAge === 0) this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie)
    }
  }

  names = () => [...this.cookies.keys()].sort()
}

function serverClient(jar: CookieJar) {
  return createServerClient(stack.url, PUBLISHABLE_KEY, {
    cookies: { getAll: jar.getAll, setAll: jar.setAll },
  })
}

async function userWithBigMetadata() {
  const email = newEmail()
  const { data, error } = await adminClient(stack).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { bio: 'b'.repeat(1000) },
  })
  expect(error).toBeNull()
  return { email, id: data.user!.id }
}

describe('@supabase/ssr cookies', () => {
  it('signs in on a server client and writes a large session as chunked cookies', async () => {
    const { email, id } = await userWithBigMetadata()
    const jar = new CookieJar()
    const { data, error } = await serverClient(jar).auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(id)
    await new Promise((resolve) => setTimeout(resolve, 0))

    expect(jar.names()).toEqual([`${COOKIE}.0`, `${COOKIE}.1`])
    const first = jar.cookies.get(`${COOKIE}.0`)!
    expect(first.value.startsWith('base64-')).toBe(true)
    expect(first.options).toMatchObject({ path: '/', sameSite: 'lax', httpOnly: false, maxAge: 400 * 24 * 60 * 60 })
    expect(first.value).toHaveLength(3180)
    const joined = first.value + jar.cookies.get(`${COOKIE}.1`)!.value
    const session = JSON.parse(Buffer.from(joined.slice('base64-'.length), 'base64url').toString('utf8'))
    expect(session.access_token).toBe(data.session!.access_token)
    expect(session.user.user_metadata.bio).toHaveLength(1000)

    const reader = serverClient(jar)
    const got = await reader.auth.getUser()
    expect(got.error).toBeNull()
    expect(got.data.user?.id).toBe(id)
    expect(got.data.user?.email).toBe(email)
    const claims = await reader.auth.getClaims()
    expect(claims.error).toBeNull()
    expect(claims.data?.claims.sub).toBe(id)
    expect(claims.data?.claims.session_id).toBe(decodeJwtPayload(data.session!.access_token).session_id)
  })

  it('keeps a small session in one cookie and clears the cookies on sign-out', async () => {
    const email = newEmail()
    await adminClient(stack).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
    const jar = new CookieJar()
    const client = serverClient(jar)
    await client.auth.signInWithPassword({ email, password: PASSWORD })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(jar.names()).toEqual([COOKIE])

    const reader = serverClient(jar)
    expect((await reader.auth.getUser()).data.user?.email).toBe(email)
    expect((await reader.auth.signOut()).error).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(jar.names()).toEqual([])
    const { rows } = await stack.db.query(
      'select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
      [email],
    )
    expect(rows).toHaveLength(0)
  })
})
