import type { EmailOtpType, User } from '@supabase/supabase-js'
import { NextResponse } from 'next/server'
import { safeNextPath } from '@/lib/auth/next-path'
import { rememberSecondStep } from '@/lib/auth/second-step'
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
  let answer: { data: { user: User | null }; error: unknown } | null = null
  if (tokenHash && type && TYPES.includes(type) && tokenHash.length <= 200) {
    answer = await supabase.auth.verifyOtp({ type, token_hash: tokenHash })
  } else if (code && code.length <= 200) {
    answer = await supabase.auth.exchangeCodeForSession(code)
  }
  const ok = answer !== null && !answer.error
  if (ok) await rememberSecondStep(answer?.data.user)
  // A relative Location: the browser stays on the host it came by (nextUrl may say localhost for 127.0.0.1).
  return new NextResponse(null, { status: 303, headers: { Location: ok ? next : '/auth?link=expired' } })
}
