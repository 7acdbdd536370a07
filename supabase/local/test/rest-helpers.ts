import { fileURLToPath } from 'node:url'
import type { SupabaseClient } from '@supabase/supabase-js'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../config.ts'
import type { JwtClaims } from '../tokens.ts'
import type { Stack } from '../stack.ts'
import { startTestStack, testClient } from './stack-fixture.ts'

export const REST_MIGRATIONS = fileURLToPath(new URL('./fixtures/rest/migrations', import.meta.url))

/** The owners of the fixture's seeded items. */
export const OWNER_A = '00000000-0000-0000-0000-00000000000a'
export const OWNER_B = '00000000-0000-0000-0000-00000000000b'

/** The official client with the publishable key, the secret key, or a user's access token. */
export function restClient(stack: Stack, who: 'anon' | 'service' | { token: string } = 'anon'): SupabaseClient {
  const key = who === 'service' ? SECRET_KEY : PUBLISHABLE_KEY
  const headers: Record<string, string> = typeof who === 'object' ? { Authorization: `Bearer ${who.token}` } : {}
  return testClient(stack, key, { headers })
}

/** An authenticated user's ES256 token minted like GoTrue's (without a session, so never revoked). */
export function userToken(stack: Stack, sub: string, claims: JwtClaims = {}): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + 3600
  return stack.tokens.signAccessToken({ sub, role: 'authenticated', aud: 'authenticated', exp, email: `${sub}@example.com`, ...claims })
}

export interface RawResponse {
  status: number
  headers: Headers
  body: unknown
}

/** A hand-rolled request, for what the official client never sends. */
export async function rawRest(stack: Stack, path: string, init: RequestInit = {}): Promise<RawResponse> {
  const headers = new Headers(init.headers)
  if (!headers.has('apikey')) headers.set('apikey', PUBLISHABLE_KEY)
  const res = await fetch(`${stack.url}/rest/v1${path}`, { ...init, headers })
  const text = await res.text()
  let body: unknown = text
  try {
    body = text === '' ? null : JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body }
}

/** A user signed up through the auth API, with a client holding its real access token. */
export async function signUpRestUser(stack: Stack): Promise<{ id: string; token: string; client: SupabaseClient }> {
  const email = `rest-${crypto.randomUUID()}@example.com`
  const { data, error } = await restClient(stack).auth.signUp({ email, password: 'correct-horse-battery' })
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message}`)
  const token = data.session.access_token
  return { id: data.user.id, token, client: restClient(stack, { token }) }
}

export interface RestFixture {
  stack: Stack
  anon: SupabaseClient
  service: SupabaseClient
  ownerA: SupabaseClient
  ownerB: SupabaseClient
}

/** A fresh stack with the REST fixture, and clients for anon, service_role and the two seeded owners. */
export async function startRestStack(): Promise<RestFixture> {
  const stack = await startTestStack({ migrationsDir: REST_MIGRATIONS })
  return {
    stack,
    anon: restClient(stack),
    service: restClient(stack, 'service'),
    ownerA: restClient(stack, { token: await userToken(stack, OWNER_A) }),
    ownerB: restClient(stack, { token: await userToken(stack, OWNER_B) }),
  }
}
