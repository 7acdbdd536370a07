'use server'

import { headers } from 'next/headers'
import { revalidatePath } from 'next/cache'
import { forgetShopChoices, forgetShopMembers } from '@/lib/auth/shop-choice-cache'
import { getShopForUser } from '@/lib/data/shops'
import { checkTeamMember, handOverShop, inviteMember, removeMember, revokeInvite, setManagersNeedTwoFactor, setMemberRole, type TeamResult } from '@/lib/data/team'
import { linkOrigin } from '@/lib/delivery/site-url'
import { canSendEmail, sendEmail } from '@/lib/email/mailer'
import { renderTeamInviteEmail } from '@/lib/email/team-invite-email'
import { createAdminClient } from '@/lib/supabase/admin'
import { callFailure } from '@/lib/supabase/deadline-fetch'
import { inviteIdSchema, inviteMemberSchema, managersNeedTwoFactorSchema, memberRoleSchema, memberSchema, type TeamRole } from '@/lib/validations/team'
import type { ActionState } from './action-state'
import { NO_SHOP_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

// The team page is read again either way: a refusal usually means it was out of date.
const refused = (message: string): ActionState => {
  revalidatePath('/settings/team')
  return { ok: false, message }
}

const done = (result: TeamResult<unknown>, message: string): ActionState => {
  if (!result.ok) return refused(result.message)
  revalidatePath('/settings/team')
  return { ok: true, message }
}

/** After a change to these members' role or second step: their next page asks the database again. */
const forgotten = (userIds: string[], state: ActionState): ActionState => {
  if (state.ok) forgetShopChoices(userIds)
  return state
}

/**
 * The email: a new address gets the auth server's invite (it creates the account; the link
 * lands on /auth/confirm, then a password, then /join); an address with an account gets ours.
 */
async function sendInvitation(shopName: string, email: string, role: TeamRole, name: string | undefined): Promise<ActionState> {
  const joinUrl = `${linkOrigin((await headers()).get('origin'))}/join`
  // full_name: the name sign-up asks for, which the stock history and reports show (not the address's first part)
  const data = { shop_name: shopName, ...(name ? { full_name: name } : {}) }
  const { error } = await createAdminClient().auth.admin.inviteUserByEmail(email, { redirectTo: joinUrl, data })
  // the auth server's link lasts its otp_expiry (an hour by default), the invitation a week
  if (!error) return { ok: true, message: `Invitation sent to ${email}. It is open for 7 days; if the emailed link has run out, invite them again.` }
  if (error.code !== 'email_exists') {
    console.error('Error sending an invitation:', error)
    return { ok: false, message: `The invitation is saved, but the email could not be sent (${error.message}). Invite again in a minute.` }
  }
  if (!canSendEmail()) return { ok: true, message: `${email} already has a ShelfSnap account: ask them to sign in and open ${joinUrl}` }
  try {
    await sendEmail({ to: email, ...(await renderTeamInviteEmail({ shopName, role, joinUrl })) })
  } catch (mailError) {
    console.error('Error sending an invitation:', mailError)
    return { ok: false, message: 'The invitation is saved, but the email could not be sent. Invite again in a minute.' }
  }
  // ours links to /join, which works as long as the invitation
  return { ok: true, message: `Invitation sent to ${email}. It works for 7 days.` }
}

export const inviteTeamMember = validatedAction(
  inviteMemberSchema,
  async ({ email, role, name }, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    const invited = await inviteMember(supabase, email, role)
    revalidatePath('/settings/team')
    if (!invited.ok) return { ok: false, message: invited.message, fieldErrors: { email: [invited.message] } }
    return sendInvitation(shop.name, email.toLowerCase(), role, name)
  },
  { requireUser: true },
)

export const revokeTeamInvite = validatedAction(
  inviteIdSchema,
  async ({ id }, { supabase }) => {
    const revoked = await revokeInvite(supabase, id)
    if (revoked.ok && !revoked.value) return refused('This invitation was already used or withdrawn')
    return done(revoked, 'Invitation withdrawn: its link no longer works')
  },
  { requireUser: true },
)

export const changeMemberRole = validatedAction(
  memberRoleSchema,
  async ({ userId, role }, { supabase }) => forgotten([userId], done(await setMemberRole(supabase, userId, role), `Now ${role === 'manager' ? 'a manager' : 'staff'}`)),
  { requireUser: true },
)

export const removeTeamMember = validatedAction(
  memberSchema,
  async ({ userId }, { supabase }) => forgotten([userId], done(await removeMember(supabase, userId), 'Removed from the team: their next tap or page is refused')),
  { requireUser: true },
)

export const handOverTeamShop = validatedAction(
  memberSchema,
  async ({ userId }, { supabase, userId: owner }) => {
    const result = await handOverShop(supabase, userId)
    revalidatePath('/', 'layout')
    return forgotten([userId, owner], done(result, 'The shop is handed over: you stay on as a manager'))
  },
  { requireUser: true },
)

/** A member who lost their phone: their authenticators go, and they sign in with the password alone until they add one again. */
export const resetMemberTwoFactor = validatedAction(
  memberSchema,
  async ({ userId }, { supabase }) => {
    const member = await checkTeamMember(supabase, userId)
    if (!member.ok) return refused(member.message)
    const admin = createAdminClient().auth.admin.mfa
    const { data, error } = await admin.listFactors({ userId })
    if (error) throw callFailure(error)
    for (const factor of data.factors) {
      const removed = await admin.deleteFactor({ id: factor.id, userId })
      if (removed.error) throw new Error(removed.error.message)
    }
    return forgotten([userId], done(member, data.factors.length ? 'Two-factor sign-in reset: they sign in with their password and can add a new phone' : 'They had no authenticator app'))
  },
  { requireUser: true },
)

export const setManagersTwoFactor = validatedAction(
  managersNeedTwoFactorSchema,
  async ({ on }, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    const result = await setManagersNeedTwoFactor(supabase, shop.id, on)
    if (result.ok) await forgetShopMembers(shop.id)
    return done(result, on ? 'Managers now need two-factor sign-in to manage: without it they work as staff' : 'Managers no longer need two-factor sign-in')
  },
  { requireUser: true },
)
