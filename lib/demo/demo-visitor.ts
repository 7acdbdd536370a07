import 'server-only'
import { cache } from 'react'
import type { JwtPayload } from '@supabase/supabase-js'
import { createClient } from '@/lib/supabase/server'

/** A visitor who pressed "View Demo": signed in anonymously (GoTrue's is_anonymous claim). */
export function isAnonymousClaims(claims: JwtPayload | null | undefined): boolean {
  return claims?.is_anonymous === true
}

/** Once per request: is the signed-in user a demo visitor who has not kept their shop yet? */
export const isDemoVisitor = cache(async (): Promise<boolean> => {
  const supabase = await createClient()
  const { data } = await supabase.auth.getClaims()
  return isAnonymousClaims(data?.claims)
})
