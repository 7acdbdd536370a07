import { sendJson } from '../http/http.ts'
import { JwtError, signHs256, verifyHs256 } from '../tokens.ts'
import { findBucket } from './buckets.ts'
import { readJsonObject, requireInteger, requireStringArray } from './json-body.ts'
import { validateKey, type ObjectRef } from './object-paths.ts'
import { findObject, visibleKeys } from './object-rows.ts'
import { serveObject } from './serve-object.ts'
import { runAsCaller, storageCaller } from './storage-caller.ts'
import type { StorageContext, StorageRequest } from './storage-context.ts'
import { errors } from './storage-errors.ts'

const MAX_EXPIRES_IN = 10 * 365 * 24 * 3600
const MAX_PATHS = 1000
const NOT_VISIBLE = 'Either the object does not exist or you do not have access to it'

async function signedUrl(ctx: StorageContext, bucket: string, key: string, expiresIn: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  const token = await signHs256({ url: `${bucket}/${key}`, iat, exp: iat + expiresIn }, ctx.config.signingSecret)
  return `/object/sign/${bucket}/${key}?token=${token}`
}

/** POST /object/sign/{bucket}/{key} {expiresIn}: only for an object the caller can see. */
export async function signObject(ctx: StorageContext, request: StorageRequest, ref: ObjectRef): Promise<void> {
  const caller = await storageCaller(request.req, request.path, ctx.tokens, 'storage.object.sign')
  const body = await readJsonObject(request.req, ctx.config.maxBodyBytes)
  const expiresIn = requireInteger(body, 'expiresIn', 1, MAX_EXPIRES_IN)
  const bucket = await findBucket(ctx.db, ref.bucket)
  const row = await runAsCaller(ctx.db, caller, true, (tx) => findObject(tx, bucket.id, ref.key))
  if (!row) throw errors.noSuchKey()
  sendJson(request.res, 200, { signedURL: await signedUrl(ctx, bucket.id, ref.key, expiresIn) })
}

/** POST /object/sign/{bucket} {expiresIn, paths}: one entry per path, errors inline. */
export async function signObjects(ctx: StorageContext, request: StorageRequest, bucketId: string): Promise<void> {
  const caller = await storageCaller(request.req, request.path, ctx.tokens, 'storage.object.sign')
  const body = await readJsonObject(request.req, ctx.config.maxBodyBytes)
  const expiresIn = requireInteger(body, 'expiresIn', 1, MAX_EXPIRES_IN)
  const paths = requireStringArray(body, 'paths', MAX_PATHS)
  const bucket = await findBucket(ctx.db, bucketId)
  const valid = paths.filter((path) => isValidKey(path))
  const visible = await runAsCaller(ctx.db, caller, true, (tx) => visibleKeys(tx, bucket.id, valid))
  const entries = await Promise.all(
    paths.map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: await signedUrl(ctx, bucket.id, path, expiresIn) }
        : { error: NOT_VISIBLE, path, signedURL: null },
    ),
  )
  sendJson(request.res, 200, entries)
}

function isValidKey(key: string): boolean {
  try {
    validateKey(key)
    return true
  } catch {
    return false
  }
}

/** GET /object/sign/{bucket}/{key}?token=: no auth headers, the token is the permission. */
export async function getSignedObject(ctx: StorageContext, request: StorageRequest, ref: ObjectRef): Promise<void> {
  const token = request.url.searchParams.get('token')
  if (!token) throw errors.invalidRequest('querystring must have required property \'token\'')
  let url: unknown
  try {
    // no clock skew: an expired link must stop working at its expiry
    url = (await verifyHs256(token, ctx.config.signingSecret, 0)).url
  } catch (error) {
    if (error instanceof JwtError) throw errors.invalidJwt(error.kind === 'expired' ? 'jwt expired' : error.message)
    throw error
  }
  if (url !== `${ref.bucket}/${ref.key}`) throw errors.invalidSignature()
  const bucket = await findBucket(ctx.db, ref.bucket)
  const row = await findObject(ctx.db, bucket.id, ref.key)
  if (!row) throw errors.noSuchKey()
  await serveObject(ctx, request, row)
}
