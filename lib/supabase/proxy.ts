import { NextResponse, type NextRequest } from 'next/server'
import { createServerClient } from '@supabase/ssr'
import { supabaseEnv } from './env'

export const PROTECTED_PREFIXES = ['/app', '/upload', '/dashboard', '/stocktakes']

function isProtected(pathname: string) {
  return PROTECTED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

export async function updateSession(request: NextRequest) {
  let response = NextResponse.next({ request })
  const { url, key } = supabaseEnv()
  const supabase = createServerClient(url, key, {
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(cookiesToSet, headers) {
        for (const { name, value } of cookiesToSet) request.cookies.set(name, value)
        response = NextResponse.next({ request })
        for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options)
        for (const [header, value] of Object.entries(headers ?? {})) response.headers.set(header, value)
      },
    },
  })

  // Trap: nothing may run between createServerClient and getClaims(), or a refreshed
  // session can be lost and users get signed out at random.
  const { data } = await supabase.auth.getClaims()

  if (!data?.claims && isProtected(request.nextUrl.pathname)) {
    const target = request.nextUrl.clone()
    target.pathname = '/auth'
    target.search = ''
    target.searchParams.set('next', `${request.nextUrl.pathname}${request.nextUrl.search}`)
    return NextResponse.redirect(target)
  }
  return response
}
