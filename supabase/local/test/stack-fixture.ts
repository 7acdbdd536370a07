import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../config.ts'
import { createScratchDatabase } from '../db/scratch-database.ts'
import { startStack, type Stack, type StackOptions } from '../stack.ts'

/**
 * A fresh stack for one test file: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a new database created on that PostgreSQL server and dropped after.
 */
export async function startTestStack(options: StackOptions = {}): Promise<Stack> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return startStack({ memory: true, port: 0, seedFile: null, ...options })
  const scratch = await createScratchDatabase(serverUrl)
  const stack = await scratch.serially(() => startStack({ databaseUrl: scratch.url, memory: true, port: 0, seedFile: null, ...options }))
  return {
    ...stack,
    async stop() {
      await stack.stop()
      await scratch.drop()
    },
  }
}

/** The official client, keeping its session in memory only; `headers` e.g. a minted Authorization. */
export function testClient(
  stack: Stack,
  key = PUBLISHABLE_KEY,
  options: { headers?: Record<string, string>; fetch?: typeof globalThis.fetch; auth?: SupabaseClientOptions<'public'>['auth'] } = {},
): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options.auth },
    global: { headers: options.headers ?? {}, ...(options.fetch ? { fetch: options.fetch } : {}) },
  })
}

export const anonClient = (stack: Stack) => testClient(stack)
export const serviceClient = (stack: Stack) => testClient(stack, SECRET_KEY)

/** A client signed in with `accessToken` that records the path of every request it makes. */
export function countingClient(stack: Stack, accessToken: string): { client: SupabaseClient; paths: string[] } {
  const paths: string[] = []
  const client = testClient(stack, PUBLISHABLE_KEY, {
    headers: { Authorization: `Bearer ${accessToken}` },
    fetch: (input, init) => {
      paths.push(new URL(input instanceof Request ? input.url : input).pathname)
      return fetch(input, init)
    },
  })
  return { client, paths }
}

export interface TestUser {
  id: string
  email: string
  password: string
  accessToken: string
  client: SupabaseClient
}

/** Signs a new user up through the auth API and returns a client holding its session. */
export async function signUpUser(stack: Stack, email = `user-${randomUUID()}@example.com`): Promise<TestUser> {
  const password = 'correct-horse-battery'
  const client = anonClient(stack)
  const { data, error } = await client.auth.signUp({ email, password })
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message}`)
  return { id: data.user.id, email, password, accessToken: data.session.access_token, client }
}
