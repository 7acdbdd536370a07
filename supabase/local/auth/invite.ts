import type { AuthRequest } from './auth-context.ts'
import { allowedRedirect, sendAuthEmail } from './auth-mail.ts'
import { requireAdmin } from './caller.ts'
import { optionalObject, optionalString, type JsonObject } from './request-body.ts'
import { emailExists, isUniqueViolation, validateEmail } from './signup.ts'
import { findUserByEmail, findUserById, insertUser, loadUserJson } from './users.ts'

/**
 * POST /invite {email, data}?redirect_to= (GoTrue's Invite, service role only): creates the user
 * (no password, unconfirmed, `data` as its metadata) and emails the invite. An address not yet
 * confirmed is invited again; a confirmed one is 422 email_exists.
 */
export async function invite(a: AuthRequest): Promise<JsonObject> {
  await requireAdmin(a)
  const body = await a.body()
  const email = validateEmail(optionalString(body, 'email'))
  const data = optionalObject(body, 'data') ?? {}
  const redirectTo = allowedRedirect(a, a.url.searchParams.get('redirect_to'))
  try {
    return await a.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing?.email_confirmed_at) throw emailExists()
      const userId = existing?.id ?? (await insertUser(tx, { email, passwordHash: '', userMetadata: data, confirm: false }))
      await sendAuthEmail(a, tx, (await findUserById(tx, userId))!, 'invite', redirectTo)
      return loadUserJson(tx, (await findUserById(tx, userId))!)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists()
    throw error
  }
}
