import 'server-only'
import { rateLimiter } from '@/lib/http/rate-limit'

export type AuthLimitKind = 'sign-in' | 'sign-up' | 'password-reset' | 'resend-confirmation'

interface Limit {
  max: number
  windowMs: number
}

const MINUTE = 60_000

/**
 * Below the auth server's own (30 sign-ins per 5 minutes per address), so one client meets ours
 * first and never spends a bucket it might share with others.
 */
const LIMITS: Record<AuthLimitKind, { perAddress: Limit; perEmail: Limit }> = {
  'sign-in': { perAddress: { max: 20, windowMs: 5 * MINUTE }, perEmail: { max: 10, windowMs: 5 * MINUTE } },
  'sign-up': { perAddress: { max: 10, windowMs: 60 * MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  'password-reset': { perAddress: { max: 10, windowMs: 60 * MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
  'resend-confirmation': { perAddress: { max: 10, windowMs: 60 * MINUTE }, perEmail: { max: 5, windowMs: 60 * MINUTE } },
}

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.'

type Limiters = Record<AuthLimitKind, { perAddress: ReturnType<typeof rateLimiter>; perEmail: ReturnType<typeof rateLimiter> }>

// One set of counters per server process: each page's bundle has its own copy of this module.
const KEY = Symbol.for('shelfsnap.auth-limits')
function limiters(): Limiters {
  const holder = globalThis as { [KEY]?: Limiters }
  holder[KEY] ??= Object.fromEntries(
    Object.entries(LIMITS).map(([kind, { perAddress, perEmail }]) => [kind, { perAddress: rateLimiter(perAddress), perEmail: rateLimiter(perEmail) }]),
  ) as Limiters
  return holder[KEY]
}

/**
 * Counts one attempt against the client's address (when the deployment says where it is) and the
 * email address; the refusal message when either is over its limit, else null. On a serverless host
 * each instance counts on its own; the auth server's per-address limit, fed the same address, is the backstop.
 */
export function authAttemptRefused(kind: AuthLimitKind, { address, email }: { address: string | null; email: string | null }): string | null {
  const { perAddress, perEmail } = limiters()[kind]
  const addressOk = address === null || perAddress.allow(address)
  const emailOk = email === null || perEmail.allow(email.toLowerCase())
  return addressOk && emailOk ? null : TOO_MANY_ATTEMPTS_MESSAGE
}
