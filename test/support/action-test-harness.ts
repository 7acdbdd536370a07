// Runs real server actions against a real in-memory stack. Only the framework is
// faked: next/headers (a cookie jar holding a real session), next/cache and next/server's after().
// Import this module before the actions under test.
import { vi } from 'vitest'
import { createServerClient } from '@supabase/ssr'
import { PUBLISHABLE_KEY, SECRET_KEY } from '@/supabase/local/config'
import type { Stack } from '@/supabase/local/stack'
import { startTestStack } from '@/supabase/local/test/stack-fixture'
import { initialActionState } from '@/lib/actions/action-state'

interface CookieOptions {
  maxAge?: number
}

const jar = new Map<string, string>()

function setCookie(nameOrCookie: string | { name: string; value: string } & CookieOptions, value = '', options: CookieOptions = {}) {
  const cookie = typeof nameOrCookie === 'string' ? { name: nameOrCookie, value, ...options } : nameOrCookie
  if (cookie.maxAge === 0 || cookie.value === '') jar.delete(cookie.name)
  else jar.set(cookie.name, cookie.value)
}

const cookieStore = {
  getAll: () => [...jar].map(([name, value]) => ({ name, value })),
  get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
  has: (name: string) => jar.has(name),
  set: setCookie,
  delete: (name: string) => jar.delete(name),
}

export const revalidatePath = vi.fn()
export const revalidateTag = vi.fn()

let requestHeaders: Record<string, string> = {}

/** Headers the next actions' request carries besides its origin, e.g. the deployment's client-address header. */
export function setRequestHeaders(extra: Record<string, string>) {
  requestHeaders = extra
}

vi.mock('next/headers', () => ({
  cookies: async () => cookieStore,
  headers: async () => new Headers({ origin: 'http://localhost:3000', ...requestHeaders }),
}))
// unstable_cache keeps nothing here (there is no Next cache outside a server): every call asks.
vi.mock('next/cache', () => ({ revalidatePath, revalidateTag, unstable_cache: <T>(fn: T) => fn }))

// next/server's after(): the framework runs the task once the response is sent; here it
// starts at once and finishedAfterTasks() waits for it, as the response would not.
const afterTasks: Promise<unknown>[] = []
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: (task: () => unknown) => void afterTasks.push(Promise.resolve().then(task)),
}))

export async function finishedAfterTasks(): Promise<void> {
  while (afterTasks.length > 0) await afterTasks.shift()
}

/** A fresh stack, with the app's environment pointing at it. */
export async function startActionStack(options?: Parameters<typeof startTestStack>[0]): Promise<Stack> {
  const stack = await startTestStack(options)
  process.env.NEXT_PUBLIC_SUPABASE_URL = stack.url
  process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY = PUBLISHABLE_KEY
  // the service role, as a deployment has it (the actions read a shop's members with it)
  process.env.SUPABASE_SECRET_KEY = SECRET_KEY
  return stack
}

/** Signs in the way the app does (cookies through @supabase/ssr); actions then run as this user. */
export async function signInAs({ email, password }: { email: string; password: string }) {
  jar.clear()
  const supabase = createServerClient(process.env.NEXT_PUBLIC_SUPABASE_URL!, PUBLISHABLE_KEY, {
    cookies: {
      getAll: cookieStore.getAll,
      setAll: (cookies) => cookies.forEach(({ name, value, options }) => setCookie(name, value, options)),
    },
  })
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`sign-in failed: ${error.message}`)
}

/** A cookie the actions left in the jar (undefined: none). */
export const cookieValue = (name: string) => jar.get(name)

export function signOutEveryone() {
  jar.clear()
}

export function formData(fields: Record<string, string | Blob>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

export const idle = initialActionState
