import 'server-only'
import { cookies } from 'next/headers'
import { createServerClient } from '@supabase/ssr'
import { SHOP_COOKIE, shopHeaders } from '@/lib/shops/shop-choice'
import { supabaseEnv } from './env'
import { serverClientOptions } from './server-options'

// A new client per request: never hold one in module scope on the server.
// Background jobs (after()) pass a longer deadline: nobody is waiting on a page for them.
// `forwardedFor`: the client's address, for the auth server's per-client limits (sign-in and the like).
// Every request names the shop the member chose (x-shop-id): the database works in that one.
export async function createClient({ deadlineMs, forwardedFor }: { deadlineMs?: number; forwardedFor?: string | null } = {}) {
  const cookieStore = await cookies()
  const { url, key } = supabaseEnv()
  return createServerClient(url, key, {
    ...serverClientOptions(deadlineMs, forwardedFor, shopHeaders(cookieStore.get(SHOP_COOKIE)?.value)),
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll(cookiesToSet) {
        try {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options)
        } catch {
          // Server components cannot set cookies; proxy.ts refreshes the session instead.
        }
      },
    },
  })
}

export type ServerSupabase = Awaited<ReturnType<typeof createClient>>
