import type { IncomingMessage } from 'node:http'
import { headerValue } from '../gateway.ts'
import { readBody } from '../http/http.ts'
import { errors } from './storage-errors.ts'

export interface UploadPayload {
  bytes: Uint8Array
  mimeType: string
  cacheControl: string
  contentEncoding: string | null
  userMetadata: Record<string, unknown> | null
}

// Room for the multipart boundaries and the small text fields around the file.
const MULTIPART_OVERHEAD = 64 * 1024
const HEADER_SAFE = /^[\u0020-\u007e]*$/

/**
 * The uploaded file and its options, from a multipart form (the file part has an
 * empty field name) or a raw body with headers, as storage-js sends them. Reading
 * stops as soon as the body passes `limit` (plus the multipart overhead).
 */
export async function readUpload(req: IncomingMessage, limit: number): Promise<UploadPayload> {
  const contentType = headerValue(req.headers['content-type']) ?? ''
  const multipart = /^multipart\/form-data/i.test(contentType)
  const body = await readBody(req, multipart ? limit + MULTIPART_OVERHEAD : limit)
  const payload = multipart ? await fromMultipart(body, contentType) : fromRaw(req, body)
  if (payload.bytes.byteLength > limit) throw errors.entityTooLarge()
  return payload
}

async function fromMultipart(body: Buffer, contentType: string): Promise<UploadPayload> {
  let form: FormData
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw errors.invalidRequest('Malformed multipart body')
  }
  let file: File | null = null
  for (const [, value] of form.entries()) {
    if (typeof value !== 'string') {
      file = value
      break
    }
  }
  if (!file) throw errors.invalidRequest('No content provided')
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' && value !== '' ? value : null
  }
  const cacheTime = text('cacheControl')
  const metadata = text('metadata')
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimeType: file.type || 'application/octet-stream',
    cacheControl: headerSafe(cacheTime ? `max-age=${cacheTime}` : 'no-cache', 'cacheControl'),
    contentEncoding: optionalHeader(text('contentEncoding'), 'contentEncoding'),
    userMetadata: metadata === null ? null : parseMetadata(metadata),
  }
}

function fromRaw(req: IncomingMessage, body: Buffer): UploadPayload {
  const metadata = headerValue(req.headers['x-metadata'])
  let decoded: string | null = null
  if (metadata) decoded = Buffer.from(metadata, 'base64').toString('utf8')
  return {
    bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    mimeType: headerValue(req.headers['content-type']) || 'application/octet-stream',
    cacheControl: headerSafe(headerValue(req.headers['cache-control']) || 'no-cache', 'cache-control'),
    contentEncoding: optionalHeader(headerValue(req.headers['content-encoding']) ?? null, 'content-encoding'),
    userMetadata: decoded === null ? null : parseMetadata(decoded),
  }
}

function parseMetadata(text: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw errors.invalidRequest('Invalid metadata: expected a JSON object')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw errors.invalidRequest('Invalid metadata: expected a JSON object')
  }
  return parsed as Record<string, unknown>
}

function headerSafe(value: string, name: string): string {
  if (!HEADER_SAFE.test(value) || value.length > 1024) throw errors.invalidRequest(`Invalid ${name}`)
  return value
}

function optionalHeader(value: string | null, name: string): string | null {
  return value ? headerSafe(value, name) : null
}
