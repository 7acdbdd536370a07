import type { Queryable } from '../db/database.ts'
import { validateBucketId } from './object-paths.ts'
import { errors } from './storage-errors.ts'

export interface Bucket {
  id: string
  public: boolean
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
}

/** Buckets come from migrations; read as superuser on each request (one indexed row). */
export async function findBucket(db: Queryable, id: string): Promise<Bucket> {
  validateBucketId(id)
  const { rows } = await db.query<{
    id: string
    public: boolean | null
    file_size_limit: string | number | null
    allowed_mime_types: string[] | null
  }>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id])
  const row = rows[0]
  if (!row) throw errors.noSuchBucket()
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types?.length ? row.allowed_mime_types : null,
  }
}

export function uploadLimit(bucket: Bucket, maxUploadBytes: number): number {
  return bucket.fileSizeLimit !== null && bucket.fileSizeLimit > 0
    ? Math.min(bucket.fileSizeLimit, maxUploadBytes)
    : maxUploadBytes
}

// type/subtype with optional parameters; anything else could not be sent back as a header.
const MIME = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"\u0000-\u001f\u007f]*"|[\w.+-]+))*$/

/** Storage's validateMimeType: exact `type/subtype` or `type/*`, parameters ignored. */
export function checkMimeType(bucket: Bucket, mimeType: string): void {
  if (!MIME.test(mimeType)) throw errors.invalidMimeType(mimeType)
  if (!bucket.allowedMimeTypes) return
  const [type, subtype] = mimeType.split(';')[0]!.trim().toLowerCase().split('/')
  const allowed = bucket.allowedMimeTypes.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split('/')
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
  if (!allowed) throw errors.invalidMimeType(mimeType)
}
