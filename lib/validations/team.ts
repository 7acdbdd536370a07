import { z } from 'zod'
import { signInSchema, signUpSchema } from './auth'

const role = z.enum(['manager', 'staff'], { error: 'Choose manager or staff' })
const userId = z.uuid({ error: 'Choose a member from the list' })

// Their name as the shop's records show it, for a new account (an account's own name stands); empty: none given.
const inviteeName = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), signUpSchema.shape.fullName.optional())

export const inviteMemberSchema = z.object({ email: signInSchema.shape.email, role, name: inviteeName })
export const memberRoleSchema = z.object({ userId, role })
export const memberSchema = z.object({ userId })
export const inviteIdSchema = z.object({ id: z.uuid({ error: 'This invitation is not there any more: reload the page' }) })
// A checkbox sends "on" when ticked and nothing when not.
export const managersNeedTwoFactorSchema = z.object({ on: z.literal('on').optional().transform((value) => value === 'on') })

export type TeamRole = z.infer<typeof role>
