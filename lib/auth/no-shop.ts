import 'server-only'
import { BackendUnreachableError, isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient } from '@/lib/supabase/server'
import type { CurrentUser } from './current-user'
import { hasVerifiedFactor } from './second-step'

/** Said on the sign-in page when this device's session was ended elsewhere (/auth?session=ended). */
export const SESSION_ENDED_NOTICE = 'You were signed out on this device (two-factor sign-in was turned on, or every other device was signed out). Sign in again.'

/**
 * Where a signed-in user who reads no shop goes. The database answers nothing, too, to a session
 * ended on another device (turning two-factor on there ends the others; the token itself stays
 * valid until it expires) and to a password-only session of an account with an authenticator:
 * those sign in again, or give the code, instead of being asked to create a shop. Asks the auth
 * server once, on this path only.
 */
export async function noShopTarget(user: CurrentUser, path: string): Promise<string> {
  if (user.anonymous) return '/'
  const { data, error } = await (await createClient()).auth.getUser()
  if (isBackendFailure(error)) throw new BackendUnreachableError(error)
  if (error || !data.user) return `/auth?session=ended&next=${encodeURIComponent(path)}`
  if (user.aal !== 'aal2' && hasVerifiedFactor(data.user)) return `/auth/mfa?next=${encodeURIComponent(path)}`
  return '/'
}
