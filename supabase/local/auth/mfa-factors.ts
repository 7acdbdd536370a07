// GoTrue's models.Factor and models.Challenge queries: the caller's own factor,
// the clean-up of abandoned ones, and what removing a factor does to sessions.
import type { Queryable } from '../db/database.ts'
import { isUuid } from '../uuid.ts'
import { AuthError } from './auth-errors.ts'
import { FACTOR_SELECT, type FactorRow } from './users.ts'

/** GoTrue's loadFactor: the factor with this id that belongs to `userId`; anyone else's is not found. */
export async function loadOwnedFactor(q: Queryable, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
  const { rows } = await q.query<FactorRow>(`${FACTOR_SELECT} where user_id = $1::uuid and id = $2::uuid`, [userId, factorId])
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  return rows[0]
}

/** GoTrue's DeleteExpiredFactors: unverified factors never challenged, older than the factor expiry (any user's). */
export async function deleteExpiredFactors(q: Queryable, expirySeconds: number): Promise<void> {
  await q.query(
    `delete from auth.mfa_factors f where f.status <> 'verified'
       and not exists (select from auth.mfa_challenges c where c.factor_id = f.id)
       and f.created_at + make_interval(secs => $1) < now()`,
    [expirySeconds],
  )
}

/** GoTrue's amrMethodForFactorType */
const AMR_METHOD: Record<string, string> = { totp: 'totp', phone: 'mfa/phone', webauthn: 'mfa/webauthn' }

/**
 * Deletes the factor; as GoTrue's DowngradeSessionsToAAL1, the sessions it raised to aal2
 * lose its amr claim and go back to aal1.
 */
export async function deleteFactor(tx: Queryable, factor: FactorRow): Promise<void> {
  await tx.query('delete from auth.mfa_factors where id = $1::uuid', [factor.id])
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = $2
       and session_id in (select id from auth.sessions where factor_id = $1::uuid)`,
    [factor.id, AMR_METHOD[factor.factor_type] ?? factor.factor_type],
  )
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1::uuid and factor_id = $2::uuid`, [
    factor.user_id,
    factor.id,
  ])
}
