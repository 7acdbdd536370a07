import 'server-only'
import type { z } from 'zod'
import { createClient, type ServerSupabase } from '@/lib/supabase/server'
import type { ActionState } from './action-state'

interface ActionContext {
  supabase: ServerSupabase
  /** set when the action was declared with { requireUser: true } */
  userId: string
}

interface Options {
  requireUser?: boolean
}

export const NO_USER_MESSAGE = 'No user found'

/**
 * auth + zod for every server action. Only the first validation issue is reported
 * (spec: "Only the first validation error is shown").
 */
export function validatedAction<S extends z.ZodType, R extends ActionState = ActionState>(
  schema: S,
  run: (data: z.output<S>, ctx: ActionContext) => Promise<R>,
  { requireUser = false }: Options = {},
) {
  return async (_previous: ActionState, formData: FormData): Promise<R | ActionState> => {
    const parsed = schema.safeParse(Object.fromEntries(formData))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.join('.') || 'form'
      const message = issue?.message ?? 'Invalid input'
      return { ok: false, message, fieldErrors: { [field]: [message] } }
    }
    const supabase = await createClient()
    let userId = ''
    if (requireUser) {
      const { data } = await supabase.auth.getClaims()
      if (!data?.claims) return { ok: false, message: NO_USER_MESSAGE }
      userId = data.claims.sub
    }
    return run(parsed.data, { supabase, userId })
  }
}
