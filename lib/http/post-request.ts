/** next.config.ts serverActions.bodySizeLimit, in MB: a 5,000-row CSV is about 1 MB. */
export const ACTION_BODY_LIMIT_MB = 5
export const ACTION_BODY_LIMIT = `${ACTION_BODY_LIMIT_MB}mb` as const

export interface Refusal {
  status: 400 | 413 | 415
  message: string
}

const LIMIT_BYTES = ACTION_BODY_LIMIT_MB * 1024 * 1024

/** What Next's client sends: the encoded arguments as text, or multipart when they hold a FormData. */
function kindOf(contentType: string): 'text' | 'multipart' | null {
  const mime = (contentType.split(';')[0] ?? '').trim().toLowerCase()
  if (mime === 'text/plain') return 'text'
  if (mime === 'multipart/form-data') return 'multipart'
  return null
}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  return match?.[1] ?? match?.[2] ?? null
}

/**
 * Refuses, before Next parses it, what Next would otherwise answer with a 500 (vercel/next.js#86945,
 * #81760): for a server action, a body over the limit (by Content-Length), a content type it cannot
 * decode or invalid JSON; for any POST, a broken multipart body.
 */
export async function refuseMalformedPost(request: Request): Promise<Refusal | null> {
  const isAction = request.headers.has('next-action')
  const contentType = request.headers.get('content-type') ?? ''
  const kind = kindOf(contentType)
  if (isAction) {
    const length = Number(request.headers.get('content-length') ?? '0')
    if (length > LIMIT_BYTES) return { status: 413, message: `The request is larger than ${ACTION_BODY_LIMIT}.` }
    if (!kind) return { status: 415, message: 'Unsupported content type.' }
  }
  if (kind === 'multipart') return checkMultipart(contentType, new Uint8Array(await request.clone().arrayBuffer()))
  if (isAction) return checkJson(await request.clone().text())
  return null
}

function checkJson(body: string): Refusal | null {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return { status: 400, message: 'The request body is not valid JSON.' }
  }
  return checkReplyShape(value)
}

/** Deeper than any state or form an action of ours takes; React's decoder recurses and would overflow. */
const MAX_DEPTH = 64
/**
 * The `$` strings React's reply decoder resolves inline ($$ text, $undefined, $Infinity, $-0, $NaN,
 * a $Date, a $n bigint, a $T temporary reference, an empty $K FormData). Every other one points at a
 * part of a multipart body, which a text body does not have: Next fails on it with a 500.
 */
const INLINE_REFERENCE = /^\$(?:\$|u|I|-|N|D|T|K|n[-0-9]{0,300}$)/

/** What Next's client sends as text: the list of arguments, with nothing in it that points elsewhere. */
function checkReplyShape(root: unknown): Refusal | null {
  if (!Array.isArray(root)) return { status: 400, message: 'The request body is not a list of arguments.' }
  const pending: [unknown, number][] = [[root, 1]]
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!
    if (typeof value === 'string') {
      if (value.startsWith('$') && !INLINE_REFERENCE.test(value)) return { status: 400, message: 'The request body refers to parts it does not have.' }
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_DEPTH) return { status: 400, message: 'The request body is nested too deeply.' }
      for (const child of Object.values(value)) pending.push([child, depth + 1])
    }
  }
  return null
}

// Only the first and the last bytes matter: the body (a whole CSV file) is never decoded as text here.
function checkMultipart(contentType: string, body: Uint8Array): Refusal | null {
  const boundary = boundaryOf(contentType)
  if (!boundary || !startsWith(body, `--${boundary}`) || !endsWith(trimEnd(body), `--${boundary}--`)) {
    return { status: 400, message: 'The multipart body is malformed.' }
  }
  return null
}

const encoder = new TextEncoder()

function startsWith(bytes: Uint8Array, text: string): boolean {
  const wanted = encoder.encode(text)
  return bytes.length >= wanted.length && wanted.every((byte, i) => bytes[i] === byte)
}

function endsWith(bytes: Uint8Array, text: string): boolean {
  const wanted = encoder.encode(text)
  const offset = bytes.length - wanted.length
  return offset >= 0 && wanted.every((byte, i) => bytes[offset + i] === byte)
}

/** Without trailing whitespace (CR, LF, tab, space), as String.prototype.trimEnd would. */
function trimEnd(bytes: Uint8Array): Uint8Array {
  let end = bytes.length
  while (end > 0 && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[end - 1]!)) end--
  return bytes.subarray(0, end)
}
