import 'server-only'
import type { JwtPayload } from '@supabase/supabase-js'
import { getCurrentUser } from '@/lib/auth/current-user'

/** A visitor who pressed "View Demo": signed in anonymously (GoTrue's is_anonymous claim). */
export function isAnonymousClaims(claims: JwtPayload | null | undefined): boolean {
  return claims?.is_anonymous === true
}

/** Is the signed-in user a demo visitor who has not kept their shop yet? From the request's one claims check. */
export async function isDemoVisitor(): Promise<boolean> {
  return (await getCurrentUser())?.anonymous === true
}
