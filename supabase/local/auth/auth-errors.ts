import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, sendJson } from '../http/http.ts'
import { headerValue } from '../gateway.ts'

export const API_VERSION = '2024-01-01'

/** A GoTrue API error: HTTP status, machine code (error_code) and message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message)
export const validationFailed = (message: string) => badRequest('validation_failed', message)
export const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials')

/** GoTrue's versioned error format applies when the header names 2024-01-01 or later. */
export function requestsVersionedErrors(req: IncomingMessage): boolean {
  const value = headerValue(req.headers['x-supabase-api-version'])
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  return value >= API_VERSION
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
  const versioned = requestsVersionedErrors(req)
  const headers: Record<string, string> = { 'x-sb-error-code': error.code }
  if (versioned) headers['X-Supabase-Api-Version'] = API_VERSION
  const body = {
    code: versioned ? error.code : error.status,
    error_code: error.code,
    msg: error.message,
    message: error.message,
    ...error.extra,
  }
  sendJson(res, error.status, body, headers)
}

/** Sends known request failures; anything else is rethrown (a real 500). */
export function sendFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (error instanceof AuthError) return sendAuthError(req, res, error)
  if (error instanceof BodyTooLargeError) {
    // The rest of the body is never read: close the connection instead of draining it.
    res.setHeader('Connection', 'close')
    return sendAuthError(req, res, new AuthError(413, 'request_too_large', error.message))
  }
  throw error
}
