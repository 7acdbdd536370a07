import type { IncomingMessage, ServerResponse } from 'node:http'

const EXPOSED = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'X-Supabase-Api-Version',
  'x-sb-error-code',
].join(', ')

/**
 * CORS as PostgREST and GoTrue answer it: reflect the origin and the requested
 * headers, expose Content-Range and X-Supabase-Api-Version. Returns true when
 * the request was a preflight and has been answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*')
  if (origin) {
    res.setHeader('Access-Control-Allow-Credentials', 'true')
    res.setHeader('Vary', 'Origin')
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED)
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false
  const requested = req.headers['access-control-request-headers']
  res.writeHead(200, {
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD',
    'Access-Control-Allow-Headers': requested ? `${requested}, authorization` : 'authorization, apikey, content-type',
    'Access-Control-Max-Age': '86400',
    'content-length': '0',
  })
  res.end()
  return true
}
