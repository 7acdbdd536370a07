import 'server-only'
import { cache } from 'react'
import { BackendUnreachableError, isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient } from '@/lib/supabase/server'

export interface CurrentUser {
  id: string
  email: string | undefined
  /** signed in anonymously by "View Demo" and not kept yet (GoTrue's is_anonymous claim) */
  anonymous: boolean
  /** 'aal2' once the authenticator's code is in, else 'aal1' */
  aal: string
  /** the session's id (GoTrue's session_id claim) */
  sessionId: string
  /**
   * signed in by an emailed link (a password reset, an invitation): the auth server then sets a
   * new password without the current one (GoTrue's Session.IsRecovery(): amr otp, magiclink, recovery)
   */
  fromEmailedLink: boolean
}

const LINK_METHODS = new Set(['otp', 'magiclink', 'recovery'])

// Once per request, however many server components ask. getClaims() verifies the JWT;
// never trust getSession() in server code: it only reads the cookie.
// "Could not ask" throws (the error boundary says so) instead of looking signed out.
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const supabase = await createClient()
  const { data, error } = await supabase.auth.getClaims()
  if (isBackendFailure(error)) throw new BackendUnreachableError(error)
  if (error || !data?.claims) return null
  const { claims } = data
  return {
    id: claims.sub,
    email: claims.email,
    anonymous: claims.is_anonymous === true,
    aal: String(claims.aal ?? 'aal1'),
    sessionId: String(claims.session_id ?? ''),
    fromEmailedLink: (claims.amr ?? []).some((entry) => LINK_METHODS.has(typeof entry === 'string' ? entry : entry.method)),
  }
})
