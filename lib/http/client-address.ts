import 'server-only'
import { isIP } from 'node:net'

/**
 * The client's address, from the request header the deployment names in TRUSTED_IP_HEADER (one its
 * own proxy sets and overwrites, e.g. `x-real-ip` on Vercel); null when no header is trusted. Any
 * other header is the client's own say-so: trusting it would give an attacker a fresh bucket per request.
 */
export function clientAddress(headers: Headers, trusted = process.env.TRUSTED_IP_HEADER): string | null {
  if (!trusted) return null
  const value = headers.get(trusted)?.split(',')[0]?.trim()
  return value && isIP(value) ? value : null
}
