import { NextResponse, type NextRequest } from 'next/server'
import { refuseMalformedPost } from '@/lib/http/post-request'
import { cleanedQuery } from '@/lib/http/clean-query'
import { contentSecurityPolicy, newNonce, staticSecurityHeaders } from '@/lib/http/security-headers'
import { supabaseEnv } from '@/lib/supabase/env'
import { updateSession } from '@/lib/supabase/proxy'

const production = process.env.NODE_ENV === 'production'

function secured(response: NextResponse, csp: string): NextResponse {
  response.headers.set('Content-Security-Policy', csp)
  for (const [name, value] of staticSecurityHeaders(production)) response.headers.set(name, value)
  return response
}

export async function proxy(request: NextRequest) {
  const nonce = newNonce()
  const csp = contentSecurityPolicy({ nonce, supabaseUrl: supabaseEnv().url, dev: process.env.NODE_ENV === 'development' })

  if (request.method === 'GET' || request.method === 'HEAD') {
    const target = cleanedQuery(request.nextUrl)
    if (target) return secured(NextResponse.redirect(target), csp)
  }
  if (request.method === 'POST') {
    const refusal = await refuseMalformedPost(request)
    if (refusal) return secured(new NextResponse(refusal.message, { status: refusal.status }), csp)
  }

  // Next reads the nonce from the request's CSP header and puts it on its own scripts.
  request.headers.set('x-nonce', nonce)
  request.headers.set('Content-Security-Policy', csp)
  return secured(await updateSession(request), csp)
}

export const config = {
  // Not the service worker's script (app/serwist): static, and the same for everyone.
  matcher: ['/((?!_next/static|_next/image|serwist/|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|wasm)$).*)'],
}
