import { z } from 'zod'
import { signInSchema } from './auth'

const role = z.enum(['manager', 'staff'], { error: 'Choose manager or staff' })
const userId = z.uuid({ error: 'Choose a member from the list' })

export const inviteMemberSchema = z.object({ email: signInSchema.shape.email, role })
export const memberRoleSchema = z.object({ userId, role })
export const memberSchema = z.object({ userId })
export const inviteIdSchema = z.object({ id: z.uuid({ error: 'This invitation is not there any more: reload the page' }) })
// A checkbox sends "on" when ticked and nothing when not.
export const managersNeedTwoFactorSchema = z.object({ on: z.literal('on').optional().transform((value) => value === 'on') })

export type TeamRole = z.infer<typeof role>
