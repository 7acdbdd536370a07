import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose'
import type { SigningKey } from './signing-key.ts'

export type JwtClaims = JWTPayload & {
  role?: string
  session_id?: string
  [claim: string]: unknown
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly kind: 'malformed' | 'signature' | 'expired' | 'claims',
  ) {
    super(message)
  }
}

const BAD_SIGNATURE = 'invalid JWT: unable to parse or verify signature, signature is invalid'

/** User access tokens are ES256 with the stack's kid; the legacy keys and JWT_SECRET tokens are HS256. */
export interface Tokens {
  kid: string
  signAccessToken(claims: JwtClaims): Promise<string>
  /** ES256 with the signing key, or HS256 with the JWT secret: no other algorithm, key or kid */
  verify(token: string): Promise<JwtClaims>
  jwks(): { keys: JWK[] }
}

export function createTokens(key: SigningKey, jwtSecret: string): Tokens {
  const secret = new TextEncoder().encode(jwtSecret)
  return {
    kid: key.kid,
    signAccessToken: (claims) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid }).sign(key.privateKey),
    verify: (token) =>
      verifyJwt(token, ['ES256', 'HS256'], 30, (header) => {
        if (header.alg === 'HS256') return secret
        if (header.kid !== key.kid) throw new JwtError(BAD_SIGNATURE, 'signature')
        return key.publicKey
      }),
    jwks: () => ({ keys: [key.publicJwk] }),
  }
}

/** HS256 with a shared secret: storage's signed URLs, and the legacy keys. */
export function signHs256(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret))
}

export function verifyHs256(token: string, secret: string, clockToleranceSeconds = 30): Promise<JwtClaims> {
  const key = new TextEncoder().encode(secret)
  return verifyJwt(token, ['HS256'], clockToleranceSeconds, () => key)
}

type KeyFor = (header: { alg?: string; kid?: string }) => CryptoKey | Uint8Array

/** The algorithm is checked against `algorithms` before any key is chosen: `alg: none` never gets that far. */
async function verifyJwt(token: string, algorithms: string[], clockTolerance: number, keyFor: KeyFor): Promise<JwtClaims> {
  const parts = token.split('.')
  if (parts.length !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts.length}`, 'malformed')
  let header: { alg?: string; kid?: string }
  try {
    header = decodeProtectedHeader(token)
  } catch {
    throw new JwtError('invalid JWT: unable to parse token', 'malformed')
  }
  if (!header.alg || !algorithms.includes(header.alg)) {
    throw new JwtError('invalid JWT: unsupported signing algorithm', 'signature')
  }
  let claims: JwtClaims
  try {
    ;({ payload: claims } = await jwtVerify(token, keyFor(header), { algorithms, clockTolerance }))
  } catch (error) {
    throw toJwtError(error)
  }
  if (claims.role !== undefined && typeof claims.role !== 'string') {
    throw new JwtError('invalid JWT: role claim must be a string', 'claims')
  }
  return claims
}

function toJwtError(error: unknown): unknown {
  if (error instanceof JwtError) return error
  if (error instanceof errors.JWTExpired) return new JwtError('JWT expired', 'expired')
  if (error instanceof errors.JWTClaimValidationFailed) return new JwtError(`invalid JWT: ${error.message}`, 'claims')
  if (error instanceof errors.JWSSignatureVerificationFailed) return new JwtError(BAD_SIGNATURE, 'signature')
  if (error instanceof errors.JOSEAlgNotAllowed) return new JwtError('invalid JWT: unsupported signing algorithm', 'signature')
  if (error instanceof errors.JOSEError) return new JwtError('invalid JWT: unable to parse token', 'malformed')
  return error
}
