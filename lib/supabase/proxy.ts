import { NextResponse, type NextRequest } from 'next/server'
import { createServerClient } from '@supabase/ssr'
import { askBackend, BACKEND_VOUCHED_MS, backendAnsweredWithin, markBackendDown, markBackendUp } from '@/lib/http/backend-health'
import { outageResponse } from '@/lib/http/outage-page'
import { USER_HEADER } from '@/lib/offline/sw-contract'
import { SECOND_STEP_COOKIE } from '@/lib/auth/second-step-cookie'
import { isBackendFailure } from './deadline-fetch'
import { supabaseEnv } from './env'
import { serverClientOptions } from './server-options'

export const PROTECTED_PREFIXES = ['/app', '/upload', '/scan', '/dashboard', '/stocktakes', '/reports', '/settings']

/** How long the proxy waits for the database to answer its question. */
const PROBE_DEADLINE_MS = 3_000
/** The proxy's own answer is reused this long, so a burst of requests asks once. */
const PROBE_REUSE_MS = 1_000

function isProtected(pathname: string) {
  return PROTECTED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

type CookieWrites = Parameters<NonNullable<Parameters<typeof createServerClient>[2]['cookies']['setAll']>>

/**
 * Does the database answer? Signed-in claims are verified offline (JWKS), so the proxy cannot
 * tell from them; it asks a function that needs PostgreSQL itself (PostgREST's root does not).
 * With the secret key it may run it; with the publishable key PostgreSQL refuses (401), which is
 * an answer too. Only 5xx or no answer is an outage.
 */
async function databaseAnswers(url: string, key: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/rest/v1/rpc/backend_health`, {
      headers: { apikey: process.env.SUPABASE_SECRET_KEY || key },
      signal: AbortSignal.timeout(PROBE_DEADLINE_MS),
    })
    await response.body?.cancel()
    if (response.status >= 500) {
      markBackendDown()
      return false
    }
    markBackendUp()
    return true
  } catch {
    markBackendDown()
    return false
  }
}

export async function updateSession(request: NextRequest) {
  const { url, key } = supabaseEnv()
  let writes: CookieWrites | undefined
  const supabase = createServerClient(url, key, {
    ...serverClientOptions(),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(cookiesToSet, headers) {
        writes = [cookiesToSet, headers]
      },
    },
  })

  // Trap: nothing may run between createServerClient and getClaims(), or a refreshed
  // session can be lost and users get signed out at random.
  const { data, error } = await supabase.auth.getClaims()
  const couldNotAsk = isBackendFailure(error)

  let response = NextResponse.next({ request })
  if (writes) {
    const [cookiesToSet, headers] = writes
    // "Could not ask" is not "signed out": never drop the owner's session because the backend is down.
    const kept = couldNotAsk ? cookiesToSet.filter(({ value }) => value !== '') : cookiesToSet
    for (const { name, value } of kept) request.cookies.set(name, value)
    response = NextResponse.next({ request })
    for (const { name, value, options } of kept) response.cookies.set(name, value, options)
    for (const [header, value] of Object.entries(headers ?? {})) response.headers.set(header, value)
  }
  // Whose page this is: the service worker keeps a till page for that user only (lib/offline/sw-contract.ts).
  if (data?.claims) response.headers.set(USER_HEADER, data.claims.sub)
  const codeDue = Boolean(data?.claims) && data?.claims.aal !== 'aal2' && request.cookies.get(SECOND_STEP_COOKIE)?.value === '1'
  return decide(request, response, { signedIn: Boolean(data?.claims), codeDue, couldNotAsk, url, key })
}

interface Outcome {
  signedIn: boolean
  /** the authenticator's code is still to come */
  codeDue: boolean
  couldNotAsk: boolean
  url: string
  key: string
}

/** To `pathname` (/auth, /auth/mfa), coming back to where the visitor was going. */
function redirectVia(request: NextRequest, pathname: string) {
  const target = request.nextUrl.clone()
  target.pathname = pathname
  target.search = ''
  target.searchParams.set('next', `${request.nextUrl.pathname}${request.nextUrl.search}`)
  return NextResponse.redirect(target)
}

async function decide(request: NextRequest, response: NextResponse, { signedIn, codeDue, couldNotAsk, url, key }: Outcome) {
  if (!isProtected(request.nextUrl.pathname)) return response
  // A server action answers for itself ({ ok: false, message }); a redirect or an HTML page would break its caller.
  const isAction = request.headers.has('next-action')
  if (couldNotAsk) return isAction ? response : outageResponse()
  if (!signedIn) return redirectVia(request, '/auth')
  if (codeDue && !isAction) return redirectVia(request, '/auth/mfa')
  if (isAction || backendAnsweredWithin(BACKEND_VOUCHED_MS)) return response
  if (!(await askBackend(() => databaseAnswers(url, key), PROBE_REUSE_MS))) return outageResponse()
  return response
}
