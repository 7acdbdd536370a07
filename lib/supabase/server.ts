import 'server-only'
import { cookies } from 'next/headers'
import { cache } from 'react'
import { createServerClient } from '@supabase/ssr'
import { SHOP_COOKIE, shopHeaders } from '@/lib/shops/shop-choice'
import { supabaseEnv } from './env'
import { serverClientOptions } from './server-options'

// A new client per request: never hold one in module scope on the server. The server components of
// one page share one (React's cache: the layout, the nav and the page read the same cookies); actions
// and route handlers, where React keeps no such cache, get a new one per call.
// Background jobs (after()) pass a longer deadline: nobody is waiting on a page for them.
// `forwardedFor`: the client's address, for the auth server's per-client limits (sign-in and the like).
// Every request names the shop the member chose (x-shop-id): the database works in that one.
// `shownShop`: an action names the shop its page showed, and works in that one alone.
export async function createClient(options: ClientOptions = {}) {
  return options.deadlineMs === undefined && !options.forwardedFor && !options.shownShop ? requestClient() : newClient(options)
}

interface ClientOptions {
  deadlineMs?: number
  forwardedFor?: string | null
  shownShop?: string | null
}

const requestClient = cache(() => newClient({}))

async function newClient({ deadlineMs, forwardedFor, shownShop }: ClientOptions) {
  const cookieStore = await cookies()
  const { url, key } = supabaseEnv()
  const shop = shownShop ? shopHeaders(shownShop, true) : shopHeaders(cookieStore.get(SHOP_COOKIE)?.value)
  return createServerClient(url, key, {
    ...serverClientOptions(deadlineMs, forwardedFor, shop),
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
