import 'server-only'
import { cookies } from 'next/headers'
import type { User } from '@supabase/supabase-js'

import { SECOND_STEP_COOKIE } from './second-step-cookie'

export const hasVerifiedFactor = (user: Pick<User, 'factors'> | null | undefined) => (user?.factors ?? []).some((factor) => factor.status === 'verified')

export async function rememberSecondStep(user: Pick<User, 'factors'> | null | undefined): Promise<void> {
  const store = await cookies()
  if (!hasVerifiedFactor(user)) {
    store.delete(SECOND_STEP_COOKIE)
    return
  }
  store.set(SECOND_STEP_COOKIE, '1', { httpOnly: true, sameSite: 'lax', secure: process.env.NODE_ENV === 'production' && process.env.SITE_URL?.startsWith('https:') === true, path: '/', maxAge: 400 * 24 * 3600 })
}
