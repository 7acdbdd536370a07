import 'server-only'
import type { z } from 'zod'
import { backendSeemsDown } from '@/lib/http/backend-health'
import { BACKEND_UNREACHABLE_MESSAGE } from '@/lib/http/outage'
import { isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient, type ServerSupabase } from '@/lib/supabase/server'
import { cleanFormEntries } from '@/lib/validations/clean-text'
import type { ActionState } from './action-state'

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
}

export const NO_USER_MESSAGE = 'No user found'

/**
 * auth + zod for every server action. Control characters are dropped before parsing.
 * By default only the first validation issue is reported (spec: "Only the first
 * validation error is shown"); `allErrors` reports one message per invalid field.
 */
export function validatedAction<S extends z.ZodType, R extends ActionState = ActionState>(
  schema: S,
  run: (data: z.output<S>, ctx: ActionContext) => Promise<R>,
  { requireUser = false, allErrors = false, deadlineMs }: Options = {},
) {
  return async (_previous: ActionState, formData: FormData): Promise<R | ActionState> => {
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
    const supabase = await createClient({ deadlineMs })
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
