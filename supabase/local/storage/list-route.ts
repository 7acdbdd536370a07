import { sendJson } from '../http/http.ts'
import { findBucket } from './buckets.ts'
import { optionalInteger, optionalString, readJsonObject } from './json-body.ts'
import { runAsCaller, storageCaller } from './storage-caller.ts'
import type { StorageContext, StorageRequest } from './storage-context.ts'
import { errors } from './storage-errors.ts'

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at'])

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function readSort(value: unknown): { column: string; order: 'asc' | 'desc' } {
  if (value === undefined || value === null) return { column: 'name', order: 'asc' }
  if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidRequest('body/sortBy must be object')
  const { column = 'name', order = 'asc' } = value as { column?: unknown; order?: unknown }
  if (typeof column !== 'string' || !SORT_COLUMNS.has(column)) throw errors.invalidRequest('Invalid sortBy column')
  if (typeof order !== 'string' || !['asc', 'desc'].includes(order.toLowerCase())) {
    throw errors.invalidRequest('Invalid sortBy order')
  }
  return { column, order: order.toLowerCase() as 'asc' | 'desc' }
}

/**
 * POST /object/list/{bucket}: Storage's storage.search() as the caller, so only
 * visible rows count. Folders (id null) come first, then files at that level.
 */
export async function listObjects(ctx: StorageContext, request: StorageRequest, bucketId: string): Promise<void> {
  const caller = await storageCaller(request.req, request.path, ctx.tokens, 'storage.object.list')
  const body = await readJsonObject(request.req, ctx.config.maxBodyBytes)
  let prefix = optionalString(body, 'prefix')
  const search = optionalString(body, 'search')
  const limit = optionalInteger(body, 'limit', 1, 10_000, 100)
  const offset = optionalInteger(body, 'offset', 0, 1_000_000_000, 0)
  const sort = readSort(body.sortBy)
  if (prefix.length > 1024 || search.length > 1024) throw errors.invalidRequest('prefix or search is too long')
  if (prefix && !prefix.endsWith('/')) prefix += '/'
  const levels = prefix ? prefix.split('/').length : 1
  const bucket = await findBucket(ctx.db, bucketId)

  // Only whitelisted identifiers are interpolated below.
  const fileOrder = `${sort.column} ${sort.order}${sort.column === 'name' ? '' : `, name ${sort.order}`}`
  const list = await runAsCaller(ctx.db, caller, true, async (tx) => {
    const { rows } = await tx.query<{ list: unknown[] }>(
      `with visible as (
         select name, id, updated_at, created_at, last_accessed_at, metadata, path_tokens
         from storage.objects where bucket_id = $1 and name ilike $2 escape '\\'
       ), entries as (
         (select 0 as kind, path_tokens[$3::int] as name, null::uuid as id, null::timestamptz as updated_at,
                 null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
          from visible where array_length(path_tokens, 1) > $3::int
          group by path_tokens[$3::int] order by 2 ${sort.order})
         union all
         (select 1, path_tokens[$3::int], id, updated_at, created_at, last_accessed_at, metadata
          from visible where array_length(path_tokens, 1) = $3::int)
       ), page as (
         select * from entries order by kind, ${fileOrder} limit $4 offset $5
       )
       select coalesce(json_agg(json_build_object('name', name, 'id', id, 'updated_at', updated_at,
         'created_at', created_at, 'last_accessed_at', last_accessed_at, 'metadata', metadata)
         order by kind, ${fileOrder}), '[]'::json) as list from page`,
      [bucket.id, `${likeEscape(prefix)}${likeEscape(search)}%`, levels, limit, offset],
    )
    return rows[0]?.list ?? []
  })
  sendJson(request.res, 200, list)
}
