import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

/** storage.objects.metadata as Storage fills it from the stored file. */
export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
  contentEncoding?: string
}

export interface ObjectRow {
  id: string
  name: string
  bucket_id: string
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: string | null
  updated_at: string | null
}

export interface ObjectWrite {
  bucket: string
  key: string
  owner: string | null
  ownerId: string | null
  metadata: ObjectMetadata | Record<string, never>
  userMetadata: Record<string, unknown> | null
  version: string
}

export function fileMetadata(
  bytes: Uint8Array,
  mimeType: string,
  cacheControl: string,
  contentEncoding: string | null,
): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.byteLength,
    mimetype: mimeType,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.byteLength,
    httpStatusCode: 200,
    ...(contentEncoding ? { contentEncoding } : {}),
  }
}

/**
 * Storage's createObject / upsertObject statement. Run as the caller (then rolled
 * back) it is the permission probe: INSERT policies, plus UPDATE and SELECT ones
 * when an upsert meets an existing row.
 */
export async function writeObject(q: Queryable, write: ObjectWrite, upsert: boolean): Promise<string | null> {
  const conflict = upsert
    ? ` on conflict (bucket_id, name) do update set metadata = excluded.metadata,
        user_metadata = excluded.user_metadata, version = excluded.version, owner = excluded.owner,
        owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()`
    : ''
  const { rows } = await q.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)${conflict} returning id`,
    [
      write.bucket,
      write.key,
      write.owner,
      write.ownerId,
      JSON.stringify(write.metadata),
      write.userMetadata === null ? null : JSON.stringify(write.userMetadata),
      write.version,
    ],
  )
  return rows[0]?.id ?? null
}

const ROW = `id, name, bucket_id, version, metadata, user_metadata,
  to_jsonb(created_at) #>> '{}' as created_at, to_jsonb(updated_at) #>> '{}' as updated_at`

/** One object, as visible to whoever runs the query (RLS applies to callers). */
export async function findObject(q: Queryable, bucket: string, key: string): Promise<ObjectRow | null> {
  const { rows } = await q.query<ObjectRow>(
    `select ${ROW} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  )
  return rows[0] ?? null
}

/** The keys among `keys` that exist and are visible. */
export async function visibleKeys(q: Queryable, bucket: string, keys: string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
    [bucket, keys],
  )
  return new Set(rows.map((row) => row.name))
}
