import { randomUUID } from 'node:crypto'
import { headerValue } from '../gateway.ts'
import { sendJson } from '../http/http.ts'
import { checkMimeType, findBucket, uploadLimit } from './buckets.ts'
import type { ObjectRef } from './object-paths.ts'
import { fileMetadata, writeObject, type ObjectWrite } from './object-rows.ts'
import { probeAsCaller, storageCaller } from './storage-caller.ts'
import type { StorageContext, StorageRequest } from './storage-context.ts'
import { readUpload } from './upload-body.ts'

/**
 * POST (x-upsert optional) and PUT (always upsert) /object/{bucket}/{key}.
 * The caller's permission is probed before the body is read, so a refused
 * upload neither buffers the file nor leaves anything behind.
 */
export async function uploadObject(ctx: StorageContext, request: StorageRequest, ref: ObjectRef): Promise<void> {
  const { req, res } = request
  const upsert = req.method === 'PUT' || headerValue(req.headers['x-upsert'])?.toLowerCase() === 'true'
  const caller = await storageCaller(req, request.path, ctx.tokens, 'storage.object.upload')
  const bucket = await findBucket(ctx.db, ref.bucket)
  const write: ObjectWrite = {
    bucket: bucket.id,
    key: ref.key,
    owner: caller.owner,
    ownerId: caller.sub,
    metadata: {},
    userMetadata: null,
    version: randomUUID(),
  }
  await probeAsCaller(ctx.db, caller, async (tx) => {
    await writeObject(tx, write, upsert)
  })

  const payload = await readUpload(req, uploadLimit(bucket, ctx.config.maxUploadBytes))
  checkMimeType(bucket, payload.mimeType)
  write.metadata = fileMetadata(payload.bytes, payload.mimeType, payload.cacheControl, payload.contentEncoding)
  write.userMetadata = payload.userMetadata

  const staged = await ctx.files.stage(payload.bytes)
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const written = await writeObject(tx, write, upsert)
      await ctx.files.commit(staged, bucket.id, ref.key)
      return written
    })
    sendJson(res, 200, { Id: id, Key: `${bucket.id}/${ref.key}` })
  } finally {
    await ctx.files.discard(staged)
  }
}
