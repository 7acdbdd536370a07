import { randomUUID } from 'node:crypto'
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js'
import { testClient } from './stack-fixture.ts'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'

export function authClient(
  stack: Stack,
  key = PUBLISHABLE_KEY,
  auth: SupabaseClientOptions<'public'>['auth'] = {},
  fetch?: typeof globalThis.fetch,
): SupabaseClient {
  return testClient(stack, key, { auth, fetch })
}

export const newEmail = () => `user-${randomUUID()}@example.com`

export const adminClient = (stack: Stack) => authClient(stack, SECRET_KEY)

export const TEST_PASSWORD = 'correct-horse-battery'

/** A new user signed up through the official client, which keeps the session. */
export async function signedIn(stack: Stack, email = newEmail(), password = TEST_PASSWORD) {
  const client = authClient(stack)
  const { data, error } = await client.auth.signUp({ email, password })
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message}`)
  return { client, email, password, session: data.session, user: data.user }
}

export async function sessionCount(stack: Stack, userId: string): Promise<number> {
  const { rows } = await stack.db.query('select id from auth.sessions where user_id = $1', [userId])
  return rows.length
}


export interface RawResponse {
  status: number
  headers: Headers
  body: Record<string, unknown> | null
}

/** A hand-rolled auth request, for what the official client never sends. */
export async function rawAuth(
  stack: Stack,
  method: string,
  path: string,
  options: { body?: string | object; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const body = typeof options.body === 'object' ? JSON.stringify(options.body) : options.body
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method,
    headers: { apikey: PUBLISHABLE_KEY, 'content-type': 'application/json', ...options.headers },
    body,
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null }
}

export const versioned = { 'X-Supabase-Api-Version': '2024-01-01' }

/** The body GoTrue sends for an error when the request carries X-Supabase-Api-Version. */
export const errorBody = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  code,
  error_code: code,
  msg: message,
  message,
  ...extra,
})

export async function countRows(stack: Stack, table: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: string | number }>(`select count(*)::int as n from ${table}`)
  return Number(rows[0]!.n)
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))
}
