import { decodeJwt } from 'jose'
import { JwtError, type JwtClaims, type Tokens } from '../tokens.ts'

// Realtime's confirm_token (lib/realtime_web/channels/realtime_channel.ex, auth/channels_authorization.ex):
// the token must verify, hold `role` and `exp`, and not have expired, with no clock leeway.

export type TokenProblem = 'expired' | 'missing_claims' | 'malformed' | 'signature'

export type TokenCheck =
  | { ok: true; claims: JwtClaims & { role: string; exp: number } }
  | { ok: false; problem: TokenProblem; message: string }

const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT'
const MALFORMED = 'The token provided is not a valid JWT'

const nowSeconds = () => Math.floor(Date.now() / 1000)
const expired = (exp: number): TokenCheck => ({ ok: false, problem: 'expired', message: `Token has expired ${nowSeconds() - exp} seconds ago` })

/** Realtime strips whitespace (and URL escapes) a client may have left in a token. */
function clean(token: string): string {
  let decoded = token
  try {
    decoded = decodeURIComponent(token)
  } catch {
    // not URL-encoded: kept as sent
  }
  return decoded.replace(/\s/g, '')
}

export async function checkToken(tokens: Tokens, raw: string): Promise<TokenCheck> {
  const token = clean(raw)
  let claims: JwtClaims
  try {
    claims = await tokens.verify(token)
  } catch (error) {
    if (!(error instanceof JwtError)) throw error
    if (error.kind === 'expired') return expired(Number(decodeJwt(token).exp))
    if (error.kind === 'signature') return { ok: false, problem: 'signature', message: 'Failed to validate JWT signature' }
    return { ok: false, problem: 'malformed', message: MALFORMED }
  }
  const { role, exp } = claims
  if (typeof role !== 'string' || typeof exp !== 'number') return { ok: false, problem: 'missing_claims', message: MISSING_CLAIMS }
  if (exp <= nowSeconds()) return expired(exp)
  return { ok: true, claims: { ...claims, role, exp } }
}

/** The reason a phx_join is refused with. */
export function joinRefusal(check: Exclude<TokenCheck, { ok: true }>): string {
  switch (check.problem) {
    case 'expired':
    case 'missing_claims':
      return `InvalidJWTToken: ${check.message}`
    case 'malformed':
      return `MalformedJWT: ${check.message}`
    case 'signature':
      return `JwtSignatureError: ${check.message}`
  }
}

/** The system message that closes a channel whose new token is refused (Realtime sends inspect(:signature_error) there). */
export function refreshRefusal(check: Exclude<TokenCheck, { ok: true }>): string {
  return check.problem === 'signature' ? ':signature_error' : check.message
}
