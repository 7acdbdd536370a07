import type { ServerResponse } from 'node:http'
import { SessionRevokedError, UnknownRoleError } from '../db/as-caller.ts'
import { BodyTooLargeError, sendJson } from '../http/http.ts'

/** Storage's StorageBackendError: rendered as HTTP 400 with the real status as a string. */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
  ) {
    super(message)
  }

  body() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message }
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${printable(key)}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${printable(mime)} is not supported`, 'invalid_mime_type'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  notFound: (method: string, path: string) =>
    new StorageError(404, 'InvalidRequest', `Route ${method}:${printable(path)} not found`, 'Not Found'),
}

function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?')
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean
}

/** Postgres errors raised by the caller's statements, mapped as Storage maps them. */
function fromDatabase(error: unknown): StorageError | null {
  const code = (error as { code?: unknown } | null)?.code
  if (code === '42501') return errors.accessDenied()
  if (code === '23505') return errors.keyAlreadyExists()
  if (code === '23503') return errors.noSuchBucket()
  return null
}

export function toStorageError(error: unknown): StorageError | null {
  if (error instanceof StorageError) return error
  if (error instanceof BodyTooLargeError) return errors.entityTooLarge()
  if (error instanceof UnknownRoleError) return errors.accessDenied(error.message)
  if (error instanceof SessionRevokedError) return errors.accessDenied(error.message)
  return fromDatabase(error)
}

export function sendStorageError(res: ServerResponse, error: unknown): void {
  const known = toStorageError(error)
  if (!known) {
    console.error('[storage] unexpected error', error)
    if (res.headersSent) return void res.destroy()
    return sendJson(res, 500, { statusCode: '500', code: 'InternalError', error: 'internal', message: 'Internal server error' })
  }
  if (res.headersSent) return void res.destroy()
  sendJson(res, 400, known.body())
}
