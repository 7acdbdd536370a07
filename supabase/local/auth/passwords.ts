import bcrypt from 'bcryptjs'
import { AuthError, validationFailed } from './auth-errors.ts'

const COST = 10
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords instead of truncating them. */
export const MAX_PASSWORD_BYTES = 72

// A real hash to compare against when the user does not exist, so a missing
// account takes as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('not-a-password', bcrypt.genSaltSync(COST))

/** GoTrue writes `$2a$` hashes (Go's bcrypt); bcryptjs defaults to `$2b$`, the same algorithm. */
export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(COST)).replace(/^\$2b\$/, '$2a$')
  return bcrypt.hash(password, salt)
}

/** Accepts `$2a$`/`$2b$`/`$2y$` hashes, including pgcrypto's `crypt(pw, gen_salt('bf'))`. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) {
    await bcrypt.compare(password, DUMMY_HASH)
    return false
  }
  try {
    return await bcrypt.compare(password, hash)
  } catch {
    return false
  }
}

export interface WeakPassword {
  message: string
  reasons: string[]
}

export function weakPassword(password: string, minimumLength: number): WeakPassword | null {
  if ([...password].length >= minimumLength) return null
  return { message: `Password should be at least ${minimumLength} characters.`, reasons: ['length'] }
}

/** GoTrue's checkPasswordStrength for sign-up, password change and admin create. */
export function assertStrongPassword(password: string, minimumLength: number): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`)
  }
  const weak = weakPassword(password, minimumLength)
  if (weak) throw new AuthError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } })
}
