import type { EmailOtpType } from '@supabase/supabase-js'
import { NextResponse } from 'next/server'
import { safeNextPath } from '@/lib/auth/next-path'
import { createClient } from '@/lib/supabase/server'

const TYPES: EmailOtpType[] = ['signup', 'email', 'recovery', 'invite', 'magiclink', 'email_change']

/**
 * Where emailed auth links land, as the Supabase Next.js template has it: `token_hash` and
 * `type` (the project's templates) are verified with verifyOtp, `?code=` (GoTrue's own link,
 * PKCE) is exchanged for a session; then on to `next`, signed in.
 */
export async function GET(request: Request) {
  const { searchParams: params, origin } = new URL(request.url)
  const tokenHash = params.get('token_hash')
  const type = params.get('type') as EmailOtpType | null
  const code = params.get('code')
  const next = safeNextPath(params.get('next'), '/dashboard', origin)
  const supabase = await createClient()
  let ok = false
  if (tokenHash && type && TYPES.includes(type) && tokenHash.length <= 200) {
    ok = !(await supabase.auth.verifyOtp({ type, token_hash: tokenHash })).error
  } else if (code && code.length <= 200) {
    ok = !(await supabase.auth.exchangeCodeForSession(code)).error
  }
  // A relative Location: the browser stays on the host it came by (nextUrl may say localhost for 127.0.0.1).
  return new NextResponse(null, { status: 303, headers: { Location: ok ? next : '/auth?link=expired' } })
}
