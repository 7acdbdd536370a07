import 'server-only'
import { cache } from 'react'
import { getShopChoice, type ShopChoice } from '@/lib/data/shops'
import { BackendUnreachableError, isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient } from '@/lib/supabase/server'
import { getCurrentUser } from './current-user'

/**
 * The signed-in member's shops and the one they chose, with their role there; null when signed out
 * or a member of none. Once per request, however many server components ask (the nav bar and the page).
 * "Could not ask" throws, as getCurrentUser() does.
 */
export const getCurrentShop = cache(async (): Promise<ShopChoice | null> => {
  if (!(await getCurrentUser())) return null
  return getShopChoice(await createClient()).catch((error: unknown) => {
    throw isBackendFailure(error) ? new BackendUnreachableError(error) : error
  })
})
