import { describe, expect, it } from 'vitest'
import { inviteIdSchema, inviteMemberSchema, managersNeedTwoFactorSchema, memberRoleSchema } from './team'

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('team validation', () => {
  it('takes an email and a role that is not owner', () => {
    expect(inviteMemberSchema.parse({ email: ' sam@example.com ', role: 'staff' })).toEqual({ email: 'sam@example.com', role: 'staff' })
    expect(firstError(inviteMemberSchema.safeParse({ email: 'sam', role: 'staff' }))).toBe('Invalid email address')
    expect(firstError(inviteMemberSchema.safeParse({ email: 'sam@example.com', role: 'owner' }))).toBe('Choose manager or staff')
    expect(firstError(inviteMemberSchema.safeParse({ email: 'sam@example.com' }))).toBe('Choose manager or staff')
  })

  it('names members and invitations by id only', () => {
    expect(firstError(memberRoleSchema.safeParse({ userId: 'me', role: 'manager' }))).toBe('Choose a member from the list')
    expect(memberRoleSchema.safeParse({ userId: crypto.randomUUID(), role: 'manager' }).success).toBe(true)
    expect(firstError(inviteIdSchema.safeParse({ id: "1' or 1=1" }))).toMatch(/reload the page/)
  })

  it('reads the two-factor switch as a checkbox', () => {
    expect(managersNeedTwoFactorSchema.parse({ on: 'on' })).toEqual({ on: true })
    expect(managersNeedTwoFactorSchema.parse({})).toEqual({ on: false })
    expect(managersNeedTwoFactorSchema.safeParse({ on: 'yes' }).success).toBe(false)
  })
})
