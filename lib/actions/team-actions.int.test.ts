// The Team page's actions against a real stack, its auth server and the real mail catcher:
// an invitation to a new address is the auth server's invite email, to an address with an
// account it is ours; bad input and anyone but the owner change nothing; a member who lost
// their phone gets their authenticators removed through the Auth admin API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs } from '@/test/support/action-test-harness'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { mailInbox } from '@/test/support/mail-inbox'
import { PUBLISHABLE_KEY, SECRET_KEY } from '@/supabase/local/config'
import { authConfigFromToml } from '@/supabase/local/config-toml'
import { startMailCatcher, type MailCatcher } from '@/supabase/local/mail/mail-catcher'
import type { Stack } from '@/supabase/local/stack'
import { answer, enrollTotp, steadyStep } from '@/supabase/local/test/mfa-helpers'
import { inbox as caught, tokenHashIn } from '@/supabase/local/test/mail-helpers'
import { signUpUser, startTestStack, testClient } from '@/supabase/local/test/stack-fixture'
import { MALFORMED_CALL_MESSAGE } from './validated-action'
import { changeMemberRole, inviteTeamMember, resetMemberTwoFactor } from './team-actions'

let stack: Stack
let mail: MailCatcher
let inbox: ReturnType<typeof mailInbox>
let owner: Owner

const OPEN_FOR_A_WEEK = (email: string) => `Invitation sent to ${email}. It is open for 7 days; if the emailed link has run out, invite them again.`

const invites = async () => (await stack.db.query<{ email: string; role: string }>('select email, role from public.shop_invites where shop_id = $1 and revoked_at is null order by email', [owner.shopId])).rows

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  stack = await startTestStack({ config: { ...authConfigFromToml(), smtpUrl: mail.smtpUrl, emailRateLimit: { max: 50, windowMs: 3_600_000 } } })
  inbox = mailInbox(mail.inboxUrl)
  Object.assign(process.env, { NEXT_PUBLIC_SUPABASE_URL: stack.url, NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY, SUPABASE_SECRET_KEY: SECRET_KEY, SMTP_URL: mail.smtpUrl })
  owner = await ownerWithShop(stack, 'Corner Shop')
})
afterAll(async () => {
  await stack?.stop()
  await mail?.stop()
})
beforeEach(async () => {
  await inbox.clear()
  await signInAs(owner)
})

describe('inviting', () => {
  it("sends a new address the auth server's invite, and an address with an account ours", async () => {
    const fresh = `new-${crypto.randomUUID()}@example.com`
    expect(await inviteTeamMember(idle, formData({ email: fresh, role: 'staff' }))).toEqual({ ok: true, message: OPEN_FOR_A_WEEK(fresh) })
    const known = await signUpUser(stack)
    expect(await inviteTeamMember(idle, formData({ email: known.email, role: 'manager' }))).toMatchObject({ ok: true })
    await expect.poll(async () => (await inbox.list()).map((m) => [m.To[0]!.Address, m.Subject]).sort()).toEqual(
      [
        [fresh, 'You have been invited to ShelfSnap'],
        [known.email, 'Join Corner Shop on ShelfSnap'],
      ].sort(),
    )
    const ours = (await inbox.list()).find((m) => m.To[0]!.Address === known.email)!
    expect((await inbox.message(ours.ID)).Text).toContain('/join')
    // the auth server's names the shop too (the invite template's .Data.shop_name)
    expect((await caught(mail, fresh))[0]!.HTML).toContain(`You have been invited to work at Corner Shop on ShelfSnap as ${fresh}.`)
    expect(await invites()).toEqual(expect.arrayContaining([{ email: fresh, role: 'staff' }, { email: known.email, role: 'manager' }]))
  })

  it("gives a new account the name the owner typed, which the shop's records show once they join; an account's own name stands", async () => {
    const fresh = `named-${crypto.randomUUID()}@example.com`
    expect(await inviteTeamMember(idle, formData({ email: fresh, role: 'staff', name: 'x' }))).toMatchObject({
      ok: false,
      fieldErrors: { name: ['Name must be at least 2 characters'] },
    })
    expect(await invites()).not.toContainEqual({ email: fresh, role: 'staff' })
    expect(await inviteTeamMember(idle, formData({ email: fresh, role: 'staff', name: '  Sam Taylor ' }))).toEqual({ ok: true, message: OPEN_FOR_A_WEEK(fresh) })
    const known = await signUpUser(stack)
    expect(await inviteTeamMember(idle, formData({ email: known.email, role: 'manager', name: 'Not Their Name' }))).toMatchObject({ ok: true })
    const names = await stack.db.query<{ email: string; name: string | null }>(
      `select email, raw_user_meta_data ->> 'full_name' as name from auth.users where email = any($1) order by email`,
      [[fresh, known.email]],
    )
    expect(Object.fromEntries(names.rows.map((row) => [row.email, row.name]))).toEqual({ [fresh]: 'Sam Taylor', [known.email]: null })
    // joining: the shop's people carry the name
    const { rows } = await stack.db.query<{ id: string }>(`select id from auth.users where email = $1`, [fresh])
    await stack.db.query(`insert into public.shop_members (shop_id, user_id, role) values ($1, $2, 'staff')`, [owner.shopId, rows[0]!.id])
    const people = await stack.db.query<{ name: string }>(`select name from public.shop_people where shop_id = $1 and user_id = $2`, [owner.shopId, rows[0]!.id])
    expect(people.rows).toEqual([{ name: 'Sam Taylor' }])
    // ...and so does the Team page, beside the address
    const { data: team } = await owner.client.rpc('shop_team').throwOnError()
    expect((team as { members: { email: string; name: string }[] }).members).toContainEqual(expect.objectContaining({ email: fresh, name: 'Sam Taylor' }))
  })

  it('keeps an invitation open for 7 days: once the emailed link has run out, inviting again sends one that works, and they join', async () => {
    const email = `late-${crypto.randomUUID()}@example.com`
    expect(await inviteTeamMember(idle, formData({ email, role: 'staff' }))).toEqual({ ok: true, message: OPEN_FOR_A_WEEK(email) })
    const { rows } = await stack.db.query<{ open_for: string }>(
      `select (expires_at - created_at)::text as open_for from public.shop_invites where shop_id = $1 and email = $2 and revoked_at is null`,
      [owner.shopId, email],
    )
    expect(rows).toEqual([{ open_for: '7 days' }])
    // the auth server's link lasts otp_expiry (an hour): opened the next day, it has run out
    const first = tokenHashIn((await caught(mail, email))[0]!.HTML)
    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '1 day' where email = $1`, [email])
    const invitee = testClient(stack, PUBLISHABLE_KEY)
    expect((await invitee.auth.verifyOtp({ type: 'invite', token_hash: first })).error).toMatchObject({ code: 'otp_expired' })
    await inbox.clear()
    expect(await inviteTeamMember(idle, formData({ email, role: 'staff' }))).toEqual({ ok: true, message: OPEN_FOR_A_WEEK(email) })
    const again = tokenHashIn((await caught(mail, email))[0]!.HTML)
    expect((await invitee.auth.verifyOtp({ type: 'invite', token_hash: again })).error).toBeNull()
    await invitee.auth.updateUser({ password: 'a-new-password-1' })
    const { data: waiting } = await invitee.rpc('my_invites').throwOnError()
    expect(waiting).toEqual([expect.objectContaining({ shop_name: 'Corner Shop', role: 'staff' })])
    await invitee.rpc('accept_invite', { p_id: (waiting as { id: string }[])[0]!.id }).throwOnError()
    const { data: shops } = await invitee.rpc('my_shops').throwOnError()
    expect(shops).toEqual([expect.objectContaining({ id: owner.shopId, role: 'staff' })])
  })

  it('refuses bad input and a member who is not the owner, changing nothing', async () => {
    const before = await invites()
    expect(await inviteTeamMember(idle, formData({ email: 'nobody', role: 'staff' }))).toMatchObject({ ok: false, fieldErrors: { email: ['Invalid email address'] } })
    expect(await inviteTeamMember(idle, formData({ email: 'x@example.com', role: 'owner' }))).toMatchObject({ ok: false, message: 'Choose manager or staff' })
    expect(await inviteTeamMember(idle, [] as unknown as FormData)).toEqual({ ok: false, message: MALFORMED_CALL_MESSAGE })
    expect(await changeMemberRole(idle, formData({ userId: 'not-a-uuid', role: 'staff' }))).toMatchObject({ ok: false, message: 'Choose a member from the list' })
    const manager = await signUpUser(stack)
    await stack.db.query(`insert into public.shop_members (shop_id, user_id, role) values ($1, $2, 'manager')`, [owner.shopId, manager.id])
    await signInAs(manager)
    expect(await inviteTeamMember(idle, formData({ email: 'y@example.com', role: 'staff' }))).toMatchObject({ ok: false, message: "Only the shop's owner manages its team" })
    expect(await invites()).toEqual(before)
    expect(await inbox.list()).toEqual([])
  })
})

describe('a member who lost their phone', () => {
  it("has their authenticators removed by the owner, and only the owner's member", async () => {
    const member = await signUpUser(stack)
    await stack.db.query(`insert into public.shop_members (shop_id, user_id, role) values ($1, $2, 'manager')`, [owner.shopId, member.id])
    const { id, secret } = await enrollTotp(member.client)
    expect((await answer(member.client, id, secret, await steadyStep())).error).toBeNull()
    const stranger = await signUpUser(stack)
    expect(await resetMemberTwoFactor(idle, formData({ userId: stranger.id }))).toEqual({ ok: false, message: 'That person is not in your team any more: reload the page' })
    expect(await resetMemberTwoFactor(idle, formData({ userId: member.id }))).toEqual({
      ok: true,
      message: 'Two-factor sign-in reset: they sign in with their password and can add a new phone',
    })
    expect((await stack.db.query('select 1 from auth.mfa_factors where user_id = $1', [member.id])).rows).toEqual([])
  })
})
