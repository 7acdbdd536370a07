import 'server-only'
import { createHmac } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'

export interface UnsubscribeClaims {
  shopId: string
  address: string
}

const claimsSchema = z.object({ shop: z.uuid(), email: z.string().min(3).max(254) })
const AUDIENCE = 'shelfsnap:unsubscribe'

// Signed rather than stored: every report email carries the link, and it must keep working
// without a sign-in. The key is derived from the server's service-role secret (or
// UNSUBSCRIBE_SECRET), so there is no extra secret to set; rotating either ends old links.
function signingKey(): Uint8Array {
  const secret = process.env.UNSUBSCRIBE_SECRET || process.env.SUPABASE_SECRET_KEY
  if (!secret) throw new Error('SUPABASE_SECRET_KEY is not set')
  return createHmac('sha256', secret).update('shelfsnap unsubscribe v1').digest()
}

export async function signUnsubscribeToken({ shopId, address }: UnsubscribeClaims): Promise<string> {
  return new SignJWT({ shop: shopId, email: address }).setProtectedHeader({ alg: 'HS256' }).setAudience(AUDIENCE).sign(signingKey())
}

/** The shop and address a link stops, or null for a token that is not ours. */
export async function readUnsubscribeToken(token: string): Promise<UnsubscribeClaims | null> {
  if (!token || token.length > 1000) return null
  try {
    const { payload } = await jwtVerify(token, signingKey(), { audience: AUDIENCE, algorithms: ['HS256'] })
    const claims = claimsSchema.safeParse(payload)
    return claims.success ? { shopId: claims.data.shop, address: claims.data.email } : null
  } catch {
    return null
  }
}
