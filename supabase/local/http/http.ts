import type { IncomingMessage, ServerResponse } from 'node:http'

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Payload too large: the limit is ${limit} bytes`)
  }
}

/** Reads the whole body, refusing (and draining nothing more) past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new BodyTooLargeError(limit)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  })
  res.end(text)
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers)
  res.end()
}

export type Handler = (req: IncomingMessage, res: ServerResponse, path: string, url: URL) => Promise<void>
