import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { AuthError } from './auth-errors.ts'
import type { AuthRequest } from './auth-context.ts'
import { optionalObject, type JsonObject } from './request-body.ts'
import { clientInfo, openSession, tokenResponse } from './sessions.ts'
import { INSTANCE_ID } from './users.ts'

/**
 * POST /signup without email or phone, as GoTrue's route decides it: refused when
 * anonymous sign-ins are off, then rate limited per IP, then a user with no email,
 * no identity and is_anonymous = true is signed in (amr "anonymous").
 */
export async function signupAnonymously(a: AuthRequest, body: JsonObject): Promise<JsonObject> {
  if (!a.config.enableAnonymousSignIns) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  }
  const client = clientInfo(a.req, a.config)
  if (!a.anonymousLimiter.hit([`ip:${client.ip ?? 'unknown'}`])) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
  const data = optionalObject(body, 'data') ?? {}
  optionalObject(body, 'gotrue_meta_security')
  return a.db.transaction(async (tx) => {
    const userId = await insertAnonymousUser(tx, data)
    const session = await openSession(tx, userId, client, 'anonymous')
    return tokenResponse(tx, a, userId, session)
  })
}

async function insertAnonymousUser(tx: Queryable, userMetadata: JsonObject): Promise<string> {
  const id = randomUUID()
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous,
       confirmation_token, recovery_token, email_change_token_new, email_change)
     values ($1, $2, 'authenticated', '', null, null, '{}'::jsonb, $3::jsonb, false, now(), now(), true, '', '', '', '')`,
    [INSTANCE_ID, id, JSON.stringify(userMetadata)],
  )
  await tx.query(`update auth.users set role = 'authenticated', updated_at = now() where id = $1`, [id])
  return id
}
