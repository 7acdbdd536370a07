import 'server-only'
import { cookies, headers } from 'next/headers'
import type { z } from 'zod'
import { authAttemptRefused, type AuthLimitKind } from '@/lib/auth/auth-limits'
import { clientAddress } from '@/lib/http/client-address'
import { backendSeemsDown } from '@/lib/http/backend-health'
import { BACKEND_UNREACHABLE_MESSAGE } from '@/lib/http/outage'
import { isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { isShopId, SHOP_COOKIE, SHOWN_SHOP_FIELD } from '@/lib/shops/shop-choice'
import { createClient, type ServerSupabase } from '@/lib/supabase/server'
import { cleanFormEntries } from '@/lib/validations/clean-text'
import { NO_USER_MESSAGE, type ActionState } from './action-state'

interface ActionContext {
  supabase: ServerSupabase
  /** set when the action was declared with { requireUser: true } */
  userId: string
}

interface Options {
  requireUser?: boolean
  /** report every invalid field at once (forms with many fields) instead of the first only */
  allErrors?: boolean
  /** how long a backend call may wait without progress; bulk writes get longer than the default */
  deadlineMs?: number
  /** sign-in and the like: limited per client address and per email, here and at the auth server */
  limit?: AuthLimitKind
  /** about the member, not the shop a page shows (signing out, choosing or making a shop) */
  anyShop?: boolean
}

export { NO_USER_MESSAGE }
/** A call whose arguments are not what the app's own pages send (a script, a stale page). */
export const MALFORMED_CALL_MESSAGE = 'ShelfSnap could not read this request. Reload the page and try again.'
/** A page of one shop, sent after the member switched to another (in another tab). */
export const OTHER_SHOP_MESSAGE = 'You have switched to another shop since this page opened, so nothing was changed. Reload the page to carry on in that shop.'

/**
 * The shop the page showed (its forms carry it: lib/shops/shown-shop.ts), taken out of the fields,
 * and whether the member has switched shops since: the chosen shop is one cookie for every tab.
 */
async function shownShopOf(formData: FormData): Promise<{ shop: string | null; switched: boolean }> {
  const shown = formData.get(SHOWN_SHOP_FIELD)
  formData.delete(SHOWN_SHOP_FIELD)
  if (!isShopId(shown)) return { shop: null, switched: false }
  const chosen = (await cookies()).get(SHOP_COOKIE)?.value
  return { shop: shown, switched: isShopId(chosen) && chosen !== shown }
}

/**
 * Trap: an action's arguments are whatever the POST body decodes to (`[]`, `{}`, `null`, an
 * object where the FormData should be): never what the TypeScript signature says.
 */
function isFormCall(previous: unknown, formData: unknown): formData is FormData {
  return formData instanceof FormData && (previous === undefined || previous === null || typeof previous === 'object')
}

/**
 * auth + zod for every server action. Control characters are dropped before parsing. A form from a
 * page of one shop, sent after the member switched to another, changes nothing (`anyShop` opts out).
 * By default only the first validation issue is reported (spec: "Only the first
 * validation error is shown"); `allErrors` reports one message per invalid field.
 */
export function validatedAction<S extends z.ZodType, R extends ActionState = ActionState>(
  schema: S,
  run: (data: z.output<S>, ctx: ActionContext) => Promise<R>,
  { requireUser = false, allErrors = false, deadlineMs, limit, anyShop = false }: Options = {},
) {
  return async (previous: ActionState, formData: FormData): Promise<R | ActionState> => {
    if (!isFormCall(previous, formData)) return { ok: false, message: MALFORMED_CALL_MESSAGE }
    const shown = await shownShopOf(formData)
    if (shown.switched && !anyShop) return { ok: false, message: OTHER_SHOP_MESSAGE }
    const parsed = schema.safeParse(cleanFormEntries(formData))
    if (!parsed.success) {
      const issues = allErrors ? parsed.error.issues : parsed.error.issues.slice(0, 1)
      const fieldErrors: Record<string, string[]> = {}
      for (const issue of issues) {
        const field = issue.path.join('.') || 'form'
        fieldErrors[field] ??= [issue.message]
      }
      const message = issues[0]?.message ?? 'Invalid input'
      return { ok: false, message, fieldErrors }
    }
    const forwardedFor = limit ? clientAddress(await headers()) : null
    const { email } = parsed.data as { email?: unknown }
    const refused = limit && authAttemptRefused(limit, { address: forwardedFor, email: typeof email === 'string' ? email : null })
    if (refused) return { ok: false, message: refused }
    const supabase = await createClient({ deadlineMs, forwardedFor, shownShop: anyShop ? null : shown.shop })
    let userId = ''
    if (requireUser) {
      const { data, error } = await supabase.auth.getClaims()
      if (isBackendFailure(error)) return { ok: false, message: BACKEND_UNREACHABLE_MESSAGE }
      if (!data?.claims) return { ok: false, message: NO_USER_MESSAGE }
      userId = data.claims.sub
    }
    // "Could not ask" is a message, not a 500 or a sign-out; anything else (redirects too) goes on.
    try {
      const result = await run(parsed.data, { supabase, userId })
      // Data helpers may turn a failed call into "not found": the failure is what happened.
      const couldNotAsk = isBackendFailure({ message: result.message }) || backendSeemsDown()
      return !result.ok && couldNotAsk ? { ok: false, message: BACKEND_UNREACHABLE_MESSAGE } : result
    } catch (error) {
      if (isBackendFailure(error)) return { ok: false, message: BACKEND_UNREACHABLE_MESSAGE }
      throw error
    }
  }
}

/**
 * For the actions a page calls with arguments of its own instead of a form: the arguments are
 * checked as a tuple before anything runs, and anything else gets `refused` with the plain message.
 */
export function checkedCall<A extends z.ZodTuple, R>(args: A, run: (...parsed: z.output<A>) => Promise<R>, refused: (message: string) => R) {
  return async (...raw: unknown[]): Promise<R> => {
    const parsed = args.safeParse(raw)
    if (!parsed.success) return refused(MALFORMED_CALL_MESSAGE)
    return run(...parsed.data)
  }
}
