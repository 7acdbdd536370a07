import { createServerClient } from '@supabase/ssr'

export interface Cookie {
  name: string
  value: string
}

/** A user's session as the app's cookies, made by @supabase/ssr the way the sign-in action makes them. */
export async function sessionCookies(supabaseUrl: string, key: string, { email, password }: { email: string; password: string }): Promise<Cookie[]> {
  const jar = new Map<string, string>()
  const supabase = createServerClient(supabaseUrl, key, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value } of cookies) {
          if (value) jar.set(name, value)
          else jar.delete(name)
        }
      },
    },
  })
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  return [...jar].map(([name, value]) => ({ name, value }))
}

/** The cookies as one Cookie header. */
export const cookieHeader = (cookies: Cookie[]) => cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
