import { AuthError, badRequest, validationFailed } from './auth-errors.ts'
import type { AuthRequest, Reply } from './auth-context.ts'
import { requireUser } from './caller.ts'
import { applyEmailChange } from './email-change.ts'
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.ts'
import { optionalObject, optionalString, type JsonObject } from './request-body.ts'
import { endSessions, LOGOUT_SCOPES, sessionAssurance, type LogoutScope } from './sessions.ts'
import { emailExists, isUniqueViolation, validateEmail } from './signup.ts'
import { findUserByEmail, findUserById, loadUserJson } from './users.ts'

/** GET /user: the User object itself. */
export async function getUser(a: AuthRequest): Promise<JsonObject> {
  const { user } = await requireUser(a)
  return loadUserJson(a.db, user)
}

/** GoTrue's UpdateUserMetaData: keys are merged, a null value removes its key. */
export function mergeMetadata(current: JsonObject, updates: JsonObject): JsonObject {
  // A Map, not assignment: a "__proto__" key from JSON must stay a plain key.
  const merged = new Map(Object.entries(current))
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) merged.delete(key)
    else merged.set(key, value)
  }
  return Object.fromEntries(merged)
}

/** GoTrue's Session.IsRecovery(): the session was signed in by an emailed link or code. */
async function fromEmailedLink(a: AuthRequest, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false
  const { amr } = await sessionAssurance(a.db, sessionId)
  return amr.some((entry) => RECOVERY_METHODS.has(entry.method))
}
const RECOVERY_METHODS = new Set(['otp', 'magiclink', 'recovery'])

/** PUT /user: metadata (`data`), password and, autoconfirmed, email. */
export async function updateUser(a: AuthRequest): Promise<JsonObject> {
  const { user, sessionId } = await requireUser(a)
  const body = await a.body()
  const data = optionalObject(body, 'data')
  const password = optionalString(body, 'password')
  const rawEmail = optionalString(body, 'email')
  if (optionalString(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
  if (user.is_anonymous && password && !rawEmail && !user.email) {
    throw new AuthError(422, 'validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed')
  }

  let passwordHash: string | null = null
  if (password !== undefined) {
    if (password === '') throw validationFailed('Password update requires a non-empty password')
    assertStrongPassword(password, a.config.minimumPasswordLength)
    if (a.config.updatePasswordRequireCurrentPassword && user.encrypted_password && !(await fromEmailedLink(a, sessionId))) {
      const current = optionalString(body, 'current_password')
      if (!current) throw badRequest('current_password_required', 'Current password required when setting new password.')
      if (!(await verifyPassword(current, user.encrypted_password))) {
        throw badRequest('current_password_mismatch', 'Current password required when setting new password.')
      }
    }
    if (await verifyPassword(password, user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
    }
    passwordHash = await hashPassword(password)
  }
  let email: string | null = null
  if (rawEmail !== undefined && rawEmail.trim().toLowerCase() !== (user.email ?? '').toLowerCase()) {
    email = validateEmail(rawEmail)
    if (await findUserByEmail(a.db, email)) throw emailExists()
  }

  try {
    await a.db.transaction(async (tx) => {
      if (data) {
        const { rows } = await tx.query<{ meta: JsonObject | null }>(
          'select raw_user_meta_data as meta from auth.users where id = $1::uuid for update',
          [user.id],
        )
        const merged = mergeMetadata(rows[0]?.meta ?? {}, data)
        await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid', [
          user.id,
          JSON.stringify(merged),
        ])
      }
      if (passwordHash) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid', [
          user.id,
          passwordHash,
        ])
        // As GoTrue's UpdatePassword: every other session of the user ends.
        await endSessions(tx, user.id, sessionId, 'others')
      }
      if (email) await applyEmailChange(tx, user.id, email)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists()
    throw error
  }
  const updated = await findUserById(a.db, user.id)
  if (!updated) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return loadUserJson(a.db, updated)
}

/** POST /logout?scope=global|local|others → 204. */
export async function logout(a: AuthRequest): Promise<Reply> {
  const { user, sessionId } = await requireUser(a)
  const scope = a.url.searchParams.get('scope') ?? 'global'
  if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
    throw validationFailed(`Unsupported logout scope "${scope}"`)
  }
  await endSessions(a.db, user.id, sessionId, scope as LogoutScope)
  return { status: 204 }
}
