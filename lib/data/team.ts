import 'server-only'
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import type { TeamRole } from '@/lib/validations/team'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export interface TeamMember {
  user_id: string
  email: string
  /** as the stock history and the reports show them */
  name: string
  role: 'owner' | TeamRole
  joined_at: string
  /** has a verified authenticator app */
  two_factor: boolean
}

export interface TeamInvite {
  id: string
  email: string
  role: TeamRole
  created_at: string
  expires_at: string
}

export interface Team {
  members: TeamMember[]
  invites: TeamInvite[]
  managers_need_2fa: boolean
}

export interface MyInvite {
  id: string
  shop_name: string
  role: TeamRole
  expires_at: string
}

export type TeamResult<T = null> = { ok: true; value: T } | { ok: false; message: string }

export const OWNER_ONLY_MESSAGE = "Only the shop's owner manages its team"

// The functions raise with a hint naming what went wrong (see 20261127000300_shop_invites.sql).
const MESSAGES: Record<string, string> = {
  already_member: 'This person is already in your team',
  not_found: 'That person is not in your team any more: reload the page',
  owner: 'The owner stays the owner: hand the shop over to change that',
  revoked: 'This invitation was withdrawn. Ask the owner for a new one.',
  expired: 'This invitation has expired. Ask the owner for a new one.',
}

function failure(error: PostgrestError, notFound = MESSAGES.not_found!): { ok: false; message: string } {
  if (error.code === '42501') return { ok: false, message: OWNER_ONLY_MESSAGE }
  if (error.code === '22023') return { ok: false, message: 'Choose manager or staff' }
  if (error.code === '23514') return { ok: false, message: 'Invalid email address' }
  if (error.hint === 'not_found') return { ok: false, message: notFound }
  const known = error.hint ? MESSAGES[error.hint] : undefined
  if (known) return { ok: false, message: known }
  throw callFailure(error)
}

async function call<T>(supabase: SupabaseClient, fn: string, args: Record<string, unknown>, notFound?: string): Promise<TeamResult<T>> {
  const { data, error } = await supabase.rpc(fn, args)
  if (error) return failure(error, notFound)
  return { ok: true, value: data as T }
}

/** The owner's team: members, open invitations, and whether managers need two-factor sign-in. */
export const getTeam = (supabase: SupabaseClient) => call<Team>(supabase, 'shop_team', {})

/** A new invitation (replacing an open one to the same address); its id. */
export const inviteMember = (supabase: SupabaseClient, email: string, role: TeamRole) =>
  call<string>(supabase, 'invite_member', { p_email: email, p_role: role })

export const revokeInvite = (supabase: SupabaseClient, id: string) => call<boolean>(supabase, 'revoke_invite', { p_id: id })

export const setMemberRole = (supabase: SupabaseClient, userId: string, role: TeamRole) =>
  call(supabase, 'set_member_role', { p_user_id: userId, p_role: role })

export const removeMember = (supabase: SupabaseClient, userId: string) => call(supabase, 'remove_member', { p_user_id: userId })

export const handOverShop = (supabase: SupabaseClient, userId: string) => call(supabase, 'hand_over_shop', { p_user_id: userId })

/** Whether `userId` is a member (not the owner) of the caller's shop, asked before the Auth admin API acts on them. */
export const checkTeamMember = (supabase: SupabaseClient, userId: string) => call(supabase, 'check_team_member', { p_user_id: userId })

/** The open invitations to the caller's own address. */
export async function getMyInvites(supabase: SupabaseClient): Promise<MyInvite[]> {
  const { data, error } = await supabase.rpc('my_invites')
  if (error) throw callFailure(error)
  return data as MyInvite[]
}

/** Join the shop of an invitation to the caller's address; the shop's id. */
export const acceptInvite = (supabase: SupabaseClient, id: string) =>
  call<string>(supabase, 'accept_invite', { p_id: id }, 'This invitation is for another email address: sign in with the one it was sent to')

export async function setManagersNeedTwoFactor(supabase: SupabaseClient, shopId: string, on: boolean): Promise<TeamResult> {
  const { data, error } = await supabase.from('shops').update({ managers_need_2fa: on }).eq('id', shopId).select('id')
  if (error) return failure(error)
  return data.length === 1 ? { ok: true, value: null } : { ok: false, message: OWNER_ONLY_MESSAGE }
}
