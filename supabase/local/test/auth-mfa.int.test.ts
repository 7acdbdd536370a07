// Two-factor sign-in (TOTP) as hosted GoTrue does it, through the official
// client and raw HTTP: enroll, challenge, verify to aal2, the token's claims,
// refresh, unenroll, the rules on codes, challenges and levels, the admin API,
// and the aal claim reaching RLS policies.
import sharp from 'sharp'
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadZXing } from '@/lib/counting/barcode/zxing-node'
import { readCodes } from '@/lib/counting/barcode/zxing-reader'
import type { Stack } from '../stack.ts'
import { adminClient, authClient, errorBody, rawAuth, signedIn, TEST_PASSWORD, versioned } from './auth-test-helpers.ts'
import { answer, codeAt, enrollTotp, steadyStep } from './mfa-helpers.ts'
import { startTestStack } from './stack-fixture.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => stack?.stop())

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const claimsOf = (token: string) => decodeJwt(token) as { aal: string; amr: { method: string; timestamp: number }[]; session_id: string }
const bearer = (token: string) => ({ ...versioned, authorization: `Bearer ${token}` })
const aalOf = (client: Awaited<ReturnType<typeof signedIn>>['client']) => client.auth.mfa.getAuthenticatorAssuranceLevel()

/** A signed-up user with a verified TOTP factor, its session raised to aal2 with the code of `step`. */
async function userWithFactor(step: number) {
  const owner = await signedIn(stack)
  const factor = await enrollTotp(owner.client)
  const verified = await answer(owner.client, factor.id, factor.secret, step)
  if (verified.error) throw new Error(`verify failed: ${verified.error.message}`)
  return { ...owner, factor, aal2: verified.data }
}

async function decodeQr(svg: string): Promise<string[]> {
  const { data, info } = await sharp(Buffer.from(svg)).resize(400).flatten({ background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true })
  await loadZXing()
  const found = await readCodes({ data: new Uint8Array(data), width: info.width, height: info.height }, { formats: ['QRCode'] })
  return found.map((code) => code.text)
}

describe('enroll', () => {
  it('answers the secret, its otpauth URI and an SVG QR code of it; the factor is kept unverified and shown on the user', async () => {
    const { client, email, user } = await signedIn(stack)
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Till phone', issuer: 'ShelfSnap' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Till phone' })
    expect(data!.id).toMatch(UUID)
    const { secret, uri, qr_code: qrCode } = data!.totp
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const otpauth = new URL(uri)
    expect(`${otpauth.protocol}//${otpauth.host}${decodeURIComponent(otpauth.pathname)}`).toBe(`otpauth://totp/ShelfSnap:${email}`)
    expect(Object.fromEntries(otpauth.searchParams)).toEqual({ secret, issuer: 'ShelfSnap', algorithm: 'SHA1', digits: '6', period: '30' })
    // auth-js prefixes GoTrue's SVG for an <img>: nothing in it may end the data: URL early.
    expect(qrCode.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true)
    expect(new URL(qrCode).hash).toBe('')
    expect(await decodeQr(qrCode.slice('data:image/svg+xml;utf-8,'.length))).toEqual([uri])

    const { rows } = await stack.db.query('select user_id::text, factor_type::text, status::text, secret from auth.mfa_factors where id = $1', [data!.id])
    expect(rows).toEqual([{ user_id: user.id, factor_type: 'totp', status: 'unverified', secret }])
    const { data: current } = await client.auth.getUser()
    expect(current.user?.factors).toEqual([
      {
        id: data!.id,
        friendly_name: 'Till phone',
        factor_type: 'totp',
        status: 'unverified',
        phone: '',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_challenged_at: null,
      },
    ])
    const listed = await client.auth.mfa.listFactors()
    expect(listed.data?.all.map((factor) => factor.id)).toEqual([data!.id])
    expect(listed.data?.totp).toEqual([])
    // Without an issuer GoTrue names the site URL's host.
    const other = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' })
    expect(new URL(other.data!.totp.uri).searchParams.get('issuer')).toBe('localhost:3000')
  })
})

describe('verify', () => {
  it('raises the same session to aal2 with a code computed from the secret: the claims, amr newest first, a new refresh token, and refresh keeps it', async () => {
    const { client, session } = await signedIn(stack)
    const factor = await enrollTotp(client)
    expect((await aalOf(client)).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toBeNull()
    expect(challenge.data).toMatchObject({ type: 'totp' })
    expect(challenge.data!.id).toMatch(UUID)
    const expiresIn = (challenge.data as { expires_at: number }).expires_at - Date.now() / 1000
    expect(expiresIn).toBeGreaterThan(295)
    expect(expiresIn).toBeLessThanOrEqual(300)
    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeAt(factor.secret, await steadyStep()) })
    expect(verified.error).toBeNull()

    const jwks = createRemoteJWKSet(new URL(`${stack.url}/auth/v1/.well-known/jwks.json`))
    const { payload } = await jwtVerify(verified.data!.access_token, jwks, { issuer: `${stack.url}/auth/v1`, audience: 'authenticated' })
    const before = claimsOf(session.access_token)
    expect(payload).toMatchObject({ aal: 'aal2', session_id: before.session_id })
    const amr = claimsOf(verified.data!.access_token).amr
    expect(amr.map((entry) => entry.method)).toEqual(['totp', 'password'])
    expect(amr[0]!.timestamp).toBeGreaterThanOrEqual(amr[1]!.timestamp)
    expect(amr[1]).toEqual(before.amr[0])
    expect(verified.data!.refresh_token).not.toBe(session.refresh_token)
    expect(verified.data!.user.factors).toMatchObject([{ id: factor.id, status: 'verified' }])

    const sessions = await stack.db.query('select aal::text, factor_id::text from auth.sessions where id = $1', [before.session_id])
    expect(sessions.rows).toEqual([{ aal: 'aal2', factor_id: factor.id }])
    expect((await aalOf(client)).data).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2', currentAuthenticationMethods: amr })
    expect((await client.auth.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([factor.id])

    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal2', amr, session_id: before.session_id })
    // The aal1 refresh token was swapped for the aal2 one, as GoTrue's GrantRefreshTokenSwap does.
    const old = await stack.db.query('select revoked from auth.refresh_tokens where token = $1', [session.refresh_token])
    expect(old.rows).toEqual([{ revoked: true }])
    expect(await client.auth.signOut({ scope: 'local' })).toEqual({ error: null })
    expect(await stack.db.query('select 1 from auth.sessions where id = $1', [before.session_id])).toMatchObject({ rows: [] })
  })

  it('signs a returning user in at aal1 with nextLevel aal2; the next code raises that session and ends the other aal1 sessions', async () => {
    const step = await steadyStep()
    const { email, factor } = await userWithFactor(step)
    const phone = authClient(stack)
    const laptop = authClient(stack)
    for (const client of [phone, laptop]) {
      expect((await client.auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull()
      expect((await aalOf(client)).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    }
    const raised = await answer(phone, factor.id, factor.secret, step + 1)
    expect(raised.error).toBeNull()
    expect((await aalOf(phone)).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    const ended = await rawAuth(stack, 'GET', '/user', { headers: bearer((await laptop.auth.getSession()).data.session!.access_token) })
    expect(ended.status).toBe(403)
    expect(ended.body).toMatchObject({ code: 'session_not_found' })
  })
})

describe('codes and challenges', () => {
  it('refuses a wrong code with 422 mfa_verification_failed and leaves the challenge to answer', async () => {
    const { client } = await signedIn(stack)
    const factor = await enrollTotp(client)
    const step = await steadyStep()
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    const wrong = String((Number(codeAt(factor.secret, step)) + 1) % 1_000_000).padStart(6, '0')
    const refused = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrong })
    expect(refused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' })
    const right = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeAt(factor.secret, step) })
    expect(right.error).toBeNull()
  })

  it('refuses a code once it was accepted, even on a new challenge', async () => {
    const step = await steadyStep()
    const { client, factor } = await userWithFactor(step)
    const again = await answer(client, factor.id, factor.secret, step)
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    expect(claimsOf((await client.auth.getSession()).data.session!.access_token).aal).toBe('aal2')
  })

  it('accepts the code of the step before or after now, and refuses one two steps away', async () => {
    const { client } = await signedIn(stack)
    const factor = await enrollTotp(client)
    const step = await steadyStep()
    for (const far of [step - 2, step + 2]) {
      expect((await answer(client, factor.id, factor.secret, far)).error, `step ${far - step}`).toMatchObject({ code: 'mfa_verification_failed' })
    }
    expect((await answer(client, factor.id, factor.secret, step - 1)).error).toBeNull()
    expect((await answer(client, factor.id, factor.secret, step + 1)).error).toBeNull()
    // Once the later step was used, the one between is a code from the past.
    expect((await answer(client, factor.id, factor.secret, step)).error).toMatchObject({ code: 'mfa_verification_failed' })
  })

  it('answers a challenge once; an expired one is refused and deleted; an unknown or another factor\'s is not found', async () => {
    const { client, session } = await signedIn(stack)
    const factor = await enrollTotp(client)
    const step = await steadyStep()
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    expect((await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeAt(factor.secret, step) })).error).toBeNull()
    const reused = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeAt(factor.secret, step + 1) })
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch', message: 'Challenge and verify IP addresses mismatch.' })

    const old = await client.auth.mfa.challenge({ factorId: factor.id })
    await stack.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [old.data!.id])
    const expired = await client.auth.mfa.verify({ factorId: factor.id, challengeId: old.data!.id, code: codeAt(factor.secret, step + 1) })
    expect(expired.error).toMatchObject({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${old.data!.id} has expired, verify against another challenge or create a new challenge.`,
    })
    expect((await stack.db.query('select 1 from auth.mfa_challenges where id = $1', [old.data!.id])).rows).toEqual([])

    const other = await enrollTotp(client, 'Second')
    const othersChallenge = await client.auth.mfa.challenge({ factorId: other.id })
    for (const challengeId of [othersChallenge.data!.id, crypto.randomUUID()]) {
      const response = await rawAuth(stack, 'POST', `/factors/${factor.id}/verify`, {
        headers: bearer((await client.auth.getSession()).data.session?.access_token ?? session.access_token),
        body: { challenge_id: challengeId, code: codeAt(factor.secret, step + 1) },
      })
      expect(response.status).toBe(422)
      expect(response.body).toEqual(errorBody('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'))
    }
  })
})

describe('rules', () => {
  it("keeps another user's factor out of reach: 404 mfa_factor_not_found for challenge, verify and unenroll", async () => {
    const owner = await signedIn(stack)
    const factor = await enrollTotp(owner.client)
    const rival = await signedIn(stack)
    const challenge = await rival.client.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' })
    const ownChallenge = await owner.client.auth.mfa.challenge({ factorId: factor.id })
    const verify = await rival.client.auth.mfa.verify({ factorId: factor.id, challengeId: ownChallenge.data!.id, code: codeAt(factor.secret, await steadyStep()) })
    expect(verify.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
    expect((await rival.client.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
    expect((await stack.db.query('select status::text from auth.mfa_factors where id = $1', [factor.id])).rows).toEqual([{ status: 'unverified' }])
  })

  it('needs aal2 to enroll another factor (403) or unenroll a verified one (422) once a factor is verified; an unverified one goes at aal1', async () => {
    const step = await steadyStep()
    const { email, factor } = await userWithFactor(step)
    const client = authClient(stack)
    await client.auth.signInWithPassword({ email, password: TEST_PASSWORD })
    const enroll = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Another' })
    expect(enroll.error).toMatchObject({ status: 403, code: 'insufficient_aal', message: 'AAL2 required to enroll a new factor' })
    const unenroll = await client.auth.mfa.unenroll({ factorId: factor.id })
    expect(unenroll.error).toMatchObject({ status: 422, code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' })

    expect((await answer(client, factor.id, factor.secret, step + 1)).error).toBeNull()
    const second = await enrollTotp(client, 'Another')
    expect((await client.auth.mfa.unenroll({ factorId: second.id })).data).toEqual({ id: second.id })

    const fresh = await signedIn(stack)
    const unverified = await enrollTotp(fresh.client)
    expect((await fresh.client.auth.mfa.unenroll({ factorId: unverified.id })).data).toEqual({ id: unverified.id })
  })

  it('keeps friendly names unique per user (422 mfa_factor_name_conflict); another user may take the same name', async () => {
    const { client } = await signedIn(stack)
    await enrollTotp(client, 'Till phone')
    const twice = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Till phone' })
    expect(twice.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict', message: 'A factor with the friendly name "Till phone" for this user already exists' })
    expect((await enrollTotp((await signedIn(stack)).client, 'Till phone')).id).toMatch(UUID)
  })

  it('holds at most 10 factors (422 too_many_enrolled_mfa_factors) until unverified ones never challenged expire after 5 minutes', async () => {
    const { client, user } = await signedIn(stack)
    for (let i = 0; i < 10; i += 1) await enrollTotp(client, `Factor ${i}`)
    const eleventh = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Eleventh' })
    expect(eleventh.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors', message: 'Maximum number of verified factors reached, unenroll to continue' })
    await stack.db.query(`update auth.mfa_factors set created_at = now() - interval '301 seconds' where user_id = $1 and friendly_name = 'Factor 0'`, [user.id])
    expect((await enrollTotp(client, 'Eleventh')).id).toMatch(UUID)
  })

  it("verifying one factor deletes the user's other unverified TOTP factors", async () => {
    const { client } = await signedIn(stack)
    const kept = await enrollTotp(client, 'Kept')
    const dropped = await enrollTotp(client, 'Abandoned')
    expect((await answer(client, kept.id, kept.secret, await steadyStep())).error).toBeNull()
    const { data } = await client.auth.mfa.listFactors()
    expect(data?.all.map((factor) => factor.id)).toEqual([kept.id])
    expect((await client.auth.mfa.challenge({ factorId: dropped.id })).error).toMatchObject({ code: 'mfa_factor_not_found' })
  })

  it('unenrolls a verified factor at aal2: {id}, gone from the user, and the session is aal1 again on refresh', async () => {
    const { client, factor } = await userWithFactor(await steadyStep())
    expect(await client.auth.mfa.unenroll({ factorId: factor.id })).toEqual({ data: { id: factor.id }, error: null })
    expect((await client.auth.getUser()).data.user?.factors).toBeUndefined()
    const refreshed = await client.auth.refreshSession()
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] })
    expect((await aalOf(client)).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
  })

  it('refuses anonymous users (403 no_authorization)', async () => {
    const client = authClient(stack)
    await client.auth.signInAnonymously()
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp' })
    expect(error).toMatchObject({ status: 403, code: 'no_authorization', message: 'Anonymous user not allowed to perform these actions' })
  })
})

describe('admin', () => {
  it("lists a user's factors without their secrets and deletes one, taking its sessions back to aal1; only with the service role", async () => {
    const { client, user, factor } = await userWithFactor(await steadyStep())
    const admin = adminClient(stack)
    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.id })
    expect(listed.error).toBeNull()
    expect(listed.data?.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified', factor_type: 'totp', friendly_name: 'Phone' })])
    expect(JSON.stringify(listed.data)).not.toContain(factor.secret)
    expect((await admin.auth.admin.mfa.listFactors({ userId: (await signedIn(stack)).user.id })).data?.factors).toEqual([])

    const denied = await authClient(stack).auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id })
    expect(denied.error).toMatchObject({ status: 403, code: 'not_admin' })
    const wrongUser = await admin.auth.admin.mfa.deleteFactor({ userId: (await signedIn(stack)).user.id, id: factor.id })
    expect(wrongUser.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id })
    expect(deleted.error).toBeNull()
    // GoTrue answers the deleted factor; auth-js hands it on as { data, error }.
    expect(deleted.data).toMatchObject({ data: { id: factor.id, status: 'verified' } })
    expect((await admin.auth.admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([])
    const refreshed = await client.auth.refreshSession()
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal1')
  })
})

describe('RLS with the aal claim', () => {
  beforeAll(async () => {
    // A project's migration, the way it must be on hosted Supabase: auth.mfa_factors is read by a
    // security definer function, since API roles have no grant on it.
    await stack.db.exec(`
      create table public.mfa_probe (id int primary key, note text);
      alter table public.mfa_probe enable row level security;
      grant select on public.mfa_probe to authenticated;
      create function public.mfa_probe_enrolled() returns boolean language sql stable security definer set search_path = '' as $$
        select exists (select from auth.mfa_factors where user_id = (select auth.uid()) and status = 'verified')
      $$;
      create policy "signed in" on public.mfa_probe for select to authenticated using (true);
      create policy "aal2 once enrolled" on public.mfa_probe as restrictive for select to authenticated using (
        array[(select auth.jwt() ->> 'aal')] <@ (select case when public.mfa_probe_enrolled() then array['aal2'] else array['aal1', 'aal2'] end)
      );
      insert into public.mfa_probe values (1, 'stock');

      create table public.mfa_probe_direct (id int primary key);
      insert into public.mfa_probe_direct values (1);
      create policy "signed in" on public.mfa_probe_direct for select to authenticated using (true);
      alter table public.mfa_probe_direct enable row level security;
      grant select on public.mfa_probe_direct to authenticated;
      create policy "documented pattern" on public.mfa_probe_direct as restrictive for select to authenticated using (
        array[(select auth.jwt() ->> 'aal')] <@ (
          select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
          from auth.mfa_factors where (select auth.uid()) = user_id and status = 'verified'
        )
      );
    `)
    await stack.reloadSchema()
  })

  it('shows rows to aal2, and to aal1 only while the user has no verified factor', async () => {
    const step = await steadyStep()
    const { email, client, factor } = await userWithFactor(step)
    expect((await client.from('mfa_probe').select('id')).data).toEqual([{ id: 1 }])
    const aal1 = authClient(stack)
    await aal1.auth.signInWithPassword({ email, password: TEST_PASSWORD })
    expect(await aal1.from('mfa_probe').select('id')).toMatchObject({ data: [], error: null })
    expect((await answer(aal1, factor.id, factor.secret, step + 1)).error).toBeNull()
    expect((await aal1.from('mfa_probe').select('id')).data).toEqual([{ id: 1 }])
    expect((await (await signedIn(stack)).client.from('mfa_probe').select('id')).data).toEqual([{ id: 1 }])
  })

  it('refuses a policy that reads auth.mfa_factors as the caller, as hosted projects do (no grant to authenticated)', async () => {
    const { client } = await signedIn(stack)
    const { error, status } = await client.from('mfa_probe_direct').select('id')
    expect(status).toBe(403)
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table mfa_factors' })
  })
})
