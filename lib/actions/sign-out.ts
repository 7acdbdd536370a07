'use server'

import { createClient } from '@/lib/supabase/server'
import type { ActionState } from './action-state'

export async function signOut(): Promise<ActionState> {
  const supabase = await createClient()
  const { error } = await supabase.auth.signOut()
  if (error) return { ok: false, message: error.message }
  return { ok: true }
}
