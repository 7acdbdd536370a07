import 'server-only'
import { createAdminClient } from '@/lib/supabase/admin'
import { callFailure } from '@/lib/supabase/deadline-fetch'
import { readUnsubscribeToken } from './unsubscribe-token'

export type UnsubscribeResult = { ok: true; shopName: string; address: string } | { ok: false; message: string }

export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Copy the whole link from the email.'

/** What an unsubscribe link would stop, without stopping it (the page asks first). */
export async function describeUnsubscribe(token: string): Promise<UnsubscribeResult> {
  const claims = await readUnsubscribeToken(token)
  if (!claims) return { ok: false, message: BAD_UNSUBSCRIBE_LINK }
  const { data, error } = await createAdminClient().from('shops').select('name').eq('id', claims.shopId).maybeSingle()
  if (error) throw callFailure(error)
  if (!data) return { ok: false, message: 'This shop no longer sends reports.' }
  return { ok: true, shopName: data.name as string, address: claims.address }
}

/** Stops a shop's report emails to the link's address; no sign-in, the signed link is the key. */
export async function unsubscribe(token: string): Promise<UnsubscribeResult> {
  const claims = await readUnsubscribeToken(token)
  if (!claims) return { ok: false, message: BAD_UNSUBSCRIBE_LINK }
  const { data, error } = await createAdminClient().rpc('unsubscribe_report_email', { p_shop_id: claims.shopId, p_address: claims.address })
  if (error) throw callFailure(error)
  if (data === null) return { ok: false, message: 'This address no longer gets reports from this shop.' }
  return { ok: true, shopName: data as string, address: claims.address }
}
