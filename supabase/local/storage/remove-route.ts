import { sendJson } from '../http/http.ts'
import { findBucket } from './buckets.ts'
import { readJsonObject, requireStringArray } from './json-body.ts'
import { validateKey } from './object-paths.ts'
import { runAsCaller, storageCaller } from './storage-caller.ts'
import type { StorageContext, StorageRequest } from './storage-context.ts'

const MAX_PREFIXES = 1000

/**
 * DELETE /object/{bucket} {prefixes}: DELETE … RETURNING as the caller, so rows
 * hidden by RLS are skipped; the files of the deleted rows go afterwards.
 */
export async function removeObjects(ctx: StorageContext, request: StorageRequest, bucketId: string): Promise<void> {
  const caller = await storageCaller(request.req, request.path, ctx.tokens, 'storage.object.delete')
  const body = await readJsonObject(request.req, ctx.config.maxBodyBytes)
  const keys = requireStringArray(body, 'prefixes', MAX_PREFIXES, true).map(validateKey)
  const bucket = await findBucket(ctx.db, bucketId)
  const deleted = await runAsCaller(ctx.db, caller, false, async (tx) => {
    const { rows } = await tx.query<{ row: Record<string, unknown> & { name: string } }>(
      `with deleted as (
         delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *
       ) select to_jsonb(deleted) - 'path_tokens' as row from deleted order by name`,
      [bucket.id, keys],
    )
    return rows.map((r) => r.row)
  })
  for (const row of deleted) await ctx.files.remove(bucket.id, row.name)
  sendJson(request.res, 200, deleted)
}
