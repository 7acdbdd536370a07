import { pipeline } from 'node:stream/promises'
import { headerValue } from '../gateway.ts'
import type { ObjectRow } from './object-rows.ts'
import type { StorageContext, StorageRequest } from './storage-context.ts'
import { errors } from './storage-errors.ts'

/** Sends an object's bytes with the headers Storage derives from its metadata. */
export async function serveObject(ctx: StorageContext, request: StorageRequest, row: ObjectRow): Promise<void> {
  const { req, res, url } = request
  const file = await ctx.files.open(row.bucket_id, row.name)
  if (!file) throw errors.noSuchKey()
  const metadata = row.metadata
  const headers: Record<string, string> = {
    'content-type': metadata?.mimetype ?? 'application/octet-stream',
    'cache-control': metadata?.cacheControl ?? 'no-cache',
    'content-length': String(file.size),
    'accept-ranges': 'none',
    // The type is whatever the uploader declared: a browser must not guess another (HTML sent as image/png).
    'x-content-type-options': 'nosniff',
  }
  if (metadata?.eTag) headers.etag = metadata.eTag
  const modified = Date.parse(metadata?.lastModified ?? row.updated_at ?? '')
  if (Number.isFinite(modified)) headers['last-modified'] = new Date(modified).toUTCString()
  if (metadata?.contentEncoding) headers['content-encoding'] = metadata.contentEncoding
  const download = url.searchParams.get('download')
  if (download !== null) headers['content-disposition'] = attachment(download || row.name.split('/').pop()!)

  if (metadata?.eTag && headerValue(req.headers['if-none-match']) === metadata.eTag) {
    res.writeHead(304, { etag: metadata.eTag, 'cache-control': headers['cache-control']!, 'x-content-type-options': 'nosniff' })
    return void res.end()
  }
  res.writeHead(200, headers)
  if (req.method === 'HEAD') return void res.end()
  // a client that hangs up mid-download is not a server error
  await pipeline(file.stream(), res).catch(() => res.destroy())
}

/** An attachment header with an ASCII fallback and the RFC 5987 UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\u0020-\u007e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** GET /object/info/...: the object's details, as storage-js `info()` reads them. */
export function objectInfo(row: ObjectRow) {
  const metadata = row.metadata
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    bucket_id: row.bucket_id,
    size: metadata?.size ?? null,
    content_type: metadata?.mimetype ?? null,
    content_encoding: metadata?.contentEncoding ?? null,
    cache_control: metadata?.cacheControl ?? null,
    etag: metadata?.eTag ?? null,
    last_modified: metadata?.lastModified ?? row.updated_at,
    created_at: row.created_at,
    metadata: row.user_metadata ?? {},
  }
}
