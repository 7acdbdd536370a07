// GoTrue's /factors endpoints (internal/api/mfa.go) for TOTP factors: enroll,
// challenge, verify (which raises the caller's session to aal2) and unenroll.
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { isUuid } from '../uuid.ts'
import { AuthError, validationFailed } from './auth-errors.ts'
import type { AuthRequest } from './auth-context.ts'
import { requireUser } from './caller.ts'
import { deleteExpiredFactors, deleteFactor, loadOwnedFactor } from './mfa-factors.ts'
import type { RateLimiter } from './rate-limit.ts'
import { badJson, optionalString, type JsonObject } from './request-body.ts'
import { activeRefreshToken, addAmrClaim, clientInfo, insertRefreshToken, sessionAssurance, swapRefreshToken, tokenResponse } from './sessions.ts'
import { isUniqueViolation } from './signup.ts'
import { totpStep, newTotp } from './totp.ts'
import { findFactors, type FactorRow, type UserRow } from './users.ts'
import type { MfaConfig } from '../config.ts'

interface MfaCaller {
  user: UserRow
  sessionId: string
  /** the session's level as stored (GoTrue's session.IsAAL2 reads the row, not the token) */
  aal: string
}

/** requireAuthentication and requireNotAnonymous, with the session every factor call works on. */
async function requireMfaCaller(a: AuthRequest): Promise<MfaCaller> {
  const { user, claims, sessionId } = await requireUser(a)
  if (claims.is_anonymous === true) throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions')
  if (!sessionId) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  const { rows } = await a.db.query<{ aal: string | null }>('select aal::text as aal from auth.sessions where id = $1::uuid', [sessionId])
  return { user, sessionId, aal: rows[0]?.aal ?? 'aal1' }
}

const LABELS: Record<string, string> = { totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' }
const enrollDisabled = (type: string) => new AuthError(422, `mfa_${type}_enroll_not_enabled`, `MFA enroll is disabled for ${LABELS[type]}`)
const verifyDisabled = (type: string) => new AuthError(422, `mfa_${type}_verify_not_enabled`, `MFA verification is disabled for ${LABELS[type]}`)
const nameConflict = (name: string) =>
  new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`)
const codeRefused = () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')

/** Only TOTP factors can be made here, so only they can be challenged; the others answer as GoTrue does with them off. */
function assertVerifyEnabled(a: AuthRequest, factor: FactorRow): void {
  if (factor.factor_type !== 'totp' || !a.config.mfa.totpVerifyEnabled) throw verifyDisabled(factor.factor_type)
}

/** GoTrue's MFA challenge-and-verify limit, per client address. */
function limit(a: AuthRequest, limiter: RateLimiter): void {
  if (!limiter.hit([`ip:${clientIp(a)}`])) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
}

/** The address a challenge is bound to (an inet: a link-local address loses its zone). */
const clientIp = (a: AuthRequest) => (clientInfo(a.req, a.config).ip ?? '0.0.0.0').replace(/%.*$/, '')

/** GoTrue's validateFactors. */
function assertCanEnroll(mfa: MfaConfig, factors: FactorRow[], name: string, aal: string): void {
  if (factors.some((factor) => (factor.friendly_name ?? '') === name)) throw nameConflict(name)
  const verified = factors.filter((factor) => factor.status === 'verified').length
  if (factors.length >= mfa.maxEnrolledFactors || verified >= mfa.maxVerifiedFactors) {
    throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue')
  }
  if (verified > 0 && aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
}

/** POST /factors {factor_type: 'totp', friendly_name, issuer}: an unverified factor, its secret, URI and QR code. */
export async function enrollFactor(a: AuthRequest): Promise<JsonObject> {
  const { user, aal } = await requireMfaCaller(a)
  const body = await a.body()
  const friendlyName = optionalString(body, 'friendly_name') ?? ''
  const factorType = optionalString(body, 'factor_type') ?? ''
  const issuer = optionalString(body, 'issuer') || new URL(a.config.siteUrl).host
  optionalString(body, 'phone')
  if (factorType === 'phone' || factorType === 'webauthn') throw enrollDisabled(factorType)
  if (factorType !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn')
  if (!a.config.mfa.totpEnrollEnabled) throw enrollDisabled('totp')
  const totp = await newTotp(issuer, user.email ?? '').catch(() => {
    throw validationFailed('Error generating QR Code')
  })
  const id = randomUUID()
  try {
    await a.db.transaction(async (tx) => {
      await tx.query('select 1 from auth.users where id = $1::uuid for update', [user.id])
      await deleteExpiredFactors(tx, a.config.mfa.factorExpirySeconds)
      assertCanEnroll(a.config.mfa, await findFactors(tx, user.id), friendlyName, aal)
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1::uuid, $2::uuid, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, totp.secret],
      )
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw nameConflict(friendlyName)
    throw error
  }
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri } }
}

/** POST /factors/:id/challenge: a challenge bound to the caller's address, answerable until expires_at. */
export async function challengeFactor(a: AuthRequest, factorId: string): Promise<JsonObject> {
  const { user } = await requireMfaCaller(a)
  const factor = await loadOwnedFactor(a.db, user.id, factorId)
  limit(a, a.mfaChallengeLimiter)
  await a.body(true)
  assertVerifyEnabled(a, factor)
  const id = randomUUID()
  const expiresAt = await a.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ created: string | number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1::uuid, $2::uuid, now(), $3::inet)
       returning floor(extract(epoch from created_at))::bigint as created`,
      [id, factor.id, clientIp(a)],
    )
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1::uuid', [factor.id])
    return Number(rows[0]!.created) + a.config.mfa.challengeExpirySeconds
  })
  return { id, type: factor.factor_type, expires_at: expiresAt }
}

type Outcome = { ok: true; response: JsonObject } | { ok: false; error: AuthError }
const fail = (error: AuthError): Outcome => ({ ok: false, error })

/**
 * POST /factors/:id/verify {challenge_id, code}: the factor is verified and the session raised to aal2,
 * with a new refresh token; the user's other aal1 sessions end and its other unverified TOTP factors go.
 */
export async function verifyFactor(a: AuthRequest, factorId: string): Promise<JsonObject> {
  const { user, sessionId } = await requireMfaCaller(a)
  const factor = await loadOwnedFactor(a.db, user.id, factorId)
  limit(a, a.mfaVerifyLimiter)
  const body = await a.body()
  const challengeId = optionalString(body, 'challenge_id') ?? '00000000-0000-0000-0000-000000000000'
  if (!isUuid(challengeId)) throw badJson(`challenge_id is not a UUID: ${JSON.stringify(challengeId.slice(0, 64))}`)
  const code = optionalString(body, 'code') ?? ''
  if (!code) throw validationFailed('Code needs to be non-empty')
  assertVerifyEnabled(a, factor)
  // An expired challenge is deleted before the refusal, so the transaction commits either way.
  const outcome = await a.db.transaction(async (tx): Promise<Outcome> => {
    const refused = await useChallenge(tx, a, factor, challengeId)
    if (refused) return fail(refused)
    const step = totpStep(factor.secret ?? '', code)
    if (step === null || !(await recordStep(tx, factor.id, step))) return fail(codeRefused())
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1::uuid`, [challengeId])
    if (factor.status !== 'verified') {
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1::uuid`, [factor.id])
    }
    const response = await raiseSession(tx, a, user.id, sessionId, factor.id)
    await tx.query(`delete from auth.sessions where user_id = $1::uuid and aal < 'aal2'`, [user.id])
    await tx.query(`delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified' and factor_type = 'totp'`, [user.id])
    return { ok: true, response }
  })
  if (!outcome.ok) throw outcome.error
  return outcome.response
}

/** GoTrue's validateChallenge: the refusal for a challenge that cannot be answered, or null. */
async function useChallenge(tx: Queryable, a: AuthRequest, factor: FactorRow, challengeId: string): Promise<AuthError | null> {
  const { rows } = await tx.query<{ used: boolean; same_ip: boolean; expired: boolean }>(
    `select verified_at is not null as used, ip_address = $3::inet as same_ip,
       created_at + make_interval(secs => $4) < now() as expired
     from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid for update`,
    [challengeId, factor.id, clientIp(a), a.config.mfa.challengeExpirySeconds],
  )
  const challenge = rows[0]
  if (!challenge) return new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
  if (challenge.used || !challenge.same_ip) return new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
  if (challenge.expired) {
    await tx.query('delete from auth.mfa_challenges where id = $1::uuid', [challengeId])
    return new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    )
  }
  return null
}

/** Keeps `step` as the factor's last accepted one; false when it is not later than that (a code used again). */
async function recordStep(tx: Queryable, factorId: string, step: number): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into local_stack.mfa_totp_steps (factor_id, last_step) values ($1::uuid, $2)
     on conflict (factor_id) do update set last_step = excluded.last_step where mfa_totp_steps.last_step < excluded.last_step
     returning last_step`,
    [factorId, step],
  )
  return rows.length > 0
}

/** GoTrue's updateMFASessionAndClaims: the totp claim, a swapped refresh token, the session's new level and factor. */
async function raiseSession(tx: Queryable, a: AuthRequest, userId: string, sessionId: string, factorId: string): Promise<JsonObject> {
  await addAmrClaim(tx, sessionId, 'totp')
  const current = await activeRefreshToken(tx, sessionId)
  const refreshToken = current
    ? await swapRefreshToken(tx, userId, sessionId, current)
    : await insertRefreshToken(tx, userId, sessionId, null)
  const { aal } = await sessionAssurance(tx, sessionId)
  await tx.query('update auth.sessions set aal = $2::auth.aal_level, factor_id = $3::uuid where id = $1::uuid', [sessionId, aal, factorId])
  return tokenResponse(tx, a, userId, { sessionId, refreshToken })
}

/** DELETE /factors/:id → {id}. A verified factor needs an aal2 session; sessions it raised go back to aal1. */
export async function unenrollFactor(a: AuthRequest, factorId: string): Promise<JsonObject> {
  const { user, aal } = await requireMfaCaller(a)
  const factor = await loadOwnedFactor(a.db, user.id, factorId)
  await a.body(true)
  if (factor.status === 'verified' && aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
  }
  await a.db.transaction((tx) => deleteFactor(tx, factor))
  return { id: factor.id }
}
