import { AuthError } from './auth-errors.ts'
import type { AuthRequest } from './auth-context.ts'
import { requireAdmin } from './caller.ts'
import { assertStrongPassword, hashPassword } from './passwords.ts'
import { optionalBoolean, optionalObject, optionalString, type JsonObject } from './request-body.ts'
import { emailExists, isUniqueViolation, validateEmail } from './signup.ts'
import { isUuid } from '../uuid.ts'
import { deleteFactor, loadOwnedFactor } from './mfa-factors.ts'
import { factorJson, findFactors, findUserByEmail, findUserById, insertUser, loadUserJson, type UserRow } from './users.ts'

/** POST /admin/users */
export async function adminCreateUser(a: AuthRequest): Promise<JsonObject> {
  await requireAdmin(a)
  const body = await a.body()
  const password = optionalString(body, 'password')
  const userMetadata = optionalObject(body, 'user_metadata') ?? {}
  const appMetadata = optionalObject(body, 'app_metadata') ?? {}
  const confirm = optionalBoolean(body, 'email_confirm') ?? false
  const email = validateEmail(optionalString(body, 'email'))
  if (password) assertStrongPassword(password, a.config.minimumPasswordLength)
  if (await findUserByEmail(a.db, email)) throw emailExists()

  const passwordHash = password ? await hashPassword(password) : ''
  let userId: string
  try {
    userId = await a.db.transaction((tx) => insertUser(tx, { email, passwordHash, userMetadata, appMetadata, confirm }))
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists()
    throw error
  }
  return loadUserJson(a.db, await mustFindUser(a, userId))
}

async function mustFindUser(a: AuthRequest, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  const user = await findUserById(a.db, id)
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
  return user
}

/** GET /admin/users/:id */
export async function adminGetUser(a: AuthRequest, id: string): Promise<JsonObject> {
  await requireAdmin(a)
  return loadUserJson(a.db, await mustFindUser(a, id))
}

/** DELETE /admin/users/:id → 200 {} (sessions, identities and tokens go by cascade). */
export async function adminDeleteUser(a: AuthRequest, id: string): Promise<JsonObject> {
  await requireAdmin(a)
  const soft = optionalBoolean(await a.body(true), 'should_soft_delete') ?? false
  const user = await mustFindUser(a, id)
  await a.db.transaction(async (tx) => {
    if (!soft) {
      await tx.query('delete from auth.users where id = $1::uuid', [user.id])
      return
    }
    await tx.query('delete from auth.sessions where user_id = $1::uuid', [user.id])
    await tx.query('delete from auth.identities where user_id = $1::uuid', [user.id])
    await tx.query(
      `update auth.users set email = null, phone = null, encrypted_password = '', raw_user_meta_data = '{}'::jsonb,
         deleted_at = now(), updated_at = now() where id = $1::uuid`,
      [user.id],
    )
  })
  return {}
}

/** GET /admin/users/:id/factors: the user's factors, of any status. */
export async function adminListFactors(a: AuthRequest, userId: string): Promise<JsonObject[]> {
  await requireAdmin(a)
  const user = await mustFindUser(a, userId)
  return (await findFactors(a.db, user.id)).map(factorJson)
}

/** DELETE /admin/users/:id/factors/:factorId → the factor deleted; sessions it raised go back to aal1. */
export async function adminDeleteFactor(a: AuthRequest, userId: string, factorId: string): Promise<JsonObject> {
  await requireAdmin(a)
  const user = await mustFindUser(a, userId)
  const factor = await loadOwnedFactor(a.db, user.id, factorId)
  await a.db.transaction((tx) => deleteFactor(tx, factor))
  return factorJson(factor)
}
