import type { IncomingHttpHeaders } from 'node:http'
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from './config.ts'
import { JwtError, type JwtClaims, type Tokens } from './tokens.ts'

/**
 * The Authorization the CLI's Kong gateway forwards to auth, rest and storage
 * (supabase/cli internal/start/start.go): a user JWT passes through; an opaque
 * sb_secret_/sb_publishable_ key becomes the service_role/anon JWT; otherwise the
 * apikey itself (a legacy JWT key) is used. Returns null when nothing was sent.
 */
export function forwardedToken(headers: IncomingHttpHeaders): string | null {
  const authorization = headerValue(headers.authorization)
  if (authorization && !/^bearer sb_/i.test(authorization)) {
    const match = /^bearer\s+(.+)$/i.exec(authorization)
    return match ? match[1]!.trim() : authorization
  }
  const apikey = headerValue(headers.apikey)
  if (apikey === SECRET_KEY) return SERVICE_ROLE_KEY
  if (apikey === PUBLISHABLE_KEY) return ANON_KEY
  if (apikey) return apikey
  if (authorization) return authorization.replace(/^bearer\s+/i, '')
  return null
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

export type Caller =
  | { ok: true; role: string; claims: JwtClaims; token: string | null }
  | { ok: false; error: JwtError }

/** PostgREST's rule: no token means the anon role with claims {"role":"anon"}. */
export async function resolveCaller(headers: IncomingHttpHeaders, tokens: Tokens): Promise<Caller> {
  const token = forwardedToken(headers)
  if (!token) return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null }
  try {
    const claims = await tokens.verify(token)
    const role = claims.role ?? 'anon'
    return { ok: true, role, claims: { ...claims, role }, token }
  } catch (error) {
    if (error instanceof JwtError) return { ok: false, error }
    throw error
  }
}
