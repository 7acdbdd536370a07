import { sendJson } from '../http/http.ts'
import { findBucket } from './buckets.ts'
import type { ObjectRef } from './object-paths.ts'
import { findObject, type ObjectRow } from './object-rows.ts'
import { objectInfo, serveObject } from './serve-object.ts'
import { runAsCaller, storageCaller } from './storage-caller.ts'
import type { StorageContext, StorageRequest } from './storage-context.ts'
import { errors } from './storage-errors.ts'

/** A public bucket's objects are read as superuser; otherwise SELECT under RLS as the caller. */
async function findForCaller(ctx: StorageContext, request: StorageRequest, ref: ObjectRef): Promise<ObjectRow> {
  const caller = await storageCaller(request.req, request.path, ctx.tokens, 'storage.object.get')
  const bucket = await findBucket(ctx.db, ref.bucket)
  const row = bucket.public
    ? await findObject(ctx.db, bucket.id, ref.key)
    : await runAsCaller(ctx.db, caller, true, (tx) => findObject(tx, bucket.id, ref.key))
  if (!row) throw errors.noSuchKey()
  return row
}

async function findPublic(ctx: StorageContext, ref: ObjectRef): Promise<ObjectRow> {
  const bucket = await findBucket(ctx.db, ref.bucket)
  if (!bucket.public) throw errors.noSuchBucket()
  const row = await findObject(ctx.db, bucket.id, ref.key)
  if (!row) throw errors.noSuchKey()
  return row
}

/** GET/HEAD /object/{bucket}/{key} and /object/authenticated/{bucket}/{key} */
export async function downloadObject(ctx: StorageContext, request: StorageRequest, ref: ObjectRef): Promise<void> {
  await serveObject(ctx, request, await findForCaller(ctx, request, ref))
}

/** GET/HEAD /object/public/{bucket}/{key}: no auth, public buckets only. */
export async function downloadPublicObject(ctx: StorageContext, request: StorageRequest, ref: ObjectRef) {
  await serveObject(ctx, request, await findPublic(ctx, ref))
}

/** GET /object/info/{bucket}/{key} (also .../info/authenticated/...): what `exists()` and `info()` read. */
export async function getObjectInfo(ctx: StorageContext, request: StorageRequest, ref: ObjectRef): Promise<void> {
  sendJson(request.res, 200, objectInfo(await findForCaller(ctx, request, ref)))
}

/** GET /object/info/public/{bucket}/{key} */
export async function getPublicObjectInfo(ctx: StorageContext, request: StorageRequest, ref: ObjectRef) {
  sendJson(request.res, 200, objectInfo(await findPublic(ctx, ref)))
}
