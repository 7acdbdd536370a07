import { createHmac, timingSafeEqual } from 'node:crypto'

export type JwtClaims = Record<string, unknown> & {
  sub?: string
  role?: string
  exp?: number
  iat?: number
  aud?: string | string[]
  session_id?: string
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly kind: 'malformed' | 'signature' | 'expired' | 'claims',
  ) {
    super(message)
  }
}

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url')

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = b64url(JSON.stringify(claims))
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')
  return `${header}.${payload}.${signature}`
}

function decodePart(part: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    throw new JwtError('invalid JWT: unable to parse token', 'malformed')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new JwtError('invalid JWT: unable to parse token', 'malformed')
  }
  return parsed as Record<string, unknown>
}

/**
 * Verifies an HS256 token. Only HS256 is accepted: `alg: none` and every other
 * algorithm are refused before the signature is looked at.
 */
export function verifyJwt(token: string, secret: string, now = Date.now() / 1000, skew = 30): JwtClaims {
  const parts = token.split('.')
  if (parts.length !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts.length}`, 'malformed')
  const [h, p, s] = parts as [string, string, string]
  const header = decodePart(h)
  if (header.alg !== 'HS256') throw new JwtError('invalid JWT: unsupported signing algorithm', 'signature')
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest()
  const given = Buffer.from(s, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('invalid JWT: unable to parse or verify signature, signature is invalid', 'signature')
  }
  const claims = decodePart(p) as JwtClaims
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || claims.exp + skew < now)) {
    throw new JwtError('JWT expired', 'expired')
  }
  if (claims.role !== undefined && typeof claims.role !== 'string') {
    throw new JwtError('invalid JWT: role claim must be a string', 'claims')
  }
  return claims
}
