import type { IncomingMessage } from 'node:http'
import type { StackConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { Tokens } from '../tokens.ts'
import type { RateLimiter } from './rate-limit.ts'
import { readJsonObject, type JsonObject } from './request-body.ts'

/** What every auth endpoint handler gets. */
export interface AuthRequest {
  db: Database
  config: StackConfig
  tokens: Tokens
  signInLimiter: RateLimiter
  anonymousLimiter: RateLimiter
  /** [auth.rate_limit] email_sent: auth emails an hour, for the whole project */
  emailLimiter: RateLimiter
  /** GoTrue's MFA limits: factor challenges and verifications per client address, each */
  mfaChallengeLimiter: RateLimiter
  mfaVerifyLimiter: RateLimiter
  req: IncomingMessage
  url: URL
  /** the JSON object body; `allowEmpty` treats an empty body as {} */
  body(allowEmpty?: boolean): Promise<JsonObject>
}

export interface Reply {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

export const ok = (body: unknown, headers?: Record<string, string>): Reply => ({ status: 200, body, headers })

export function bodyReader(req: IncomingMessage, limit: number) {
  return (allowEmpty = false) => readJsonObject(req, limit, allowEmpty)
}
