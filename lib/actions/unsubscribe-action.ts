'use server'

import { z } from 'zod'
import { BAD_UNSUBSCRIBE_LINK, unsubscribe } from '@/lib/delivery/unsubscribe'
import { validatedAction } from './validated-action'

const schema = z.object({ token: z.string({ error: BAD_UNSUBSCRIBE_LINK }).min(1, { error: BAD_UNSUBSCRIBE_LINK }).max(1000, { error: BAD_UNSUBSCRIBE_LINK }) })

/** The unsubscribe page's button: no sign-in, the signed link is the key. */
export const unsubscribeAction = validatedAction(schema, async ({ token }) => {
  const result = await unsubscribe(token)
  return result.ok ? { ok: true, message: `Unsubscribed: ${result.address} gets no more reports from ${result.shopName}.` } : result
})
