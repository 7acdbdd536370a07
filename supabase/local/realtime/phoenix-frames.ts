// Phoenix channel frames as realtime-js (lib/serializer.ts) and Realtime's serializers speak them:
// vsn 1.0.0 sends JSON objects; vsn 2.0.0 sends JSON arrays [join_ref, ref, topic, event, payload],
// and a broadcast as a binary frame (kind 3 from the client, kind 4 to it).

export type Vsn = '1.0.0' | '2.0.0'

export interface Frame {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

/** A broadcast's user payload: JSON, or raw bytes sent as binary. */
export type BroadcastBody = { json: unknown } | { bytes: Buffer }

const USER_BROADCAST_PUSH = 3
const USER_BROADCAST = 4
const JSON_ENCODING = 1

const refOf = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null)

function frameOf(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Frame | null {
  if (typeof topic !== 'string' || typeof event !== 'string') return null
  return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload }
}

/** null when the frame is not a Phoenix message at all (Realtime's socket crashes and closes on those). */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame | null {
  if (isBinary) return vsn === '2.0.0' ? decodeBroadcastPush(data) : null
  let message: unknown
  try {
    message = JSON.parse(data.toString('utf8'))
  } catch {
    return null
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(message) || message.length < 5) return null
    const [joinRef, ref, topic, event, payload] = message as unknown[]
    return frameOf(joinRef, ref, topic, event, payload)
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null
  const { join_ref, ref, topic, event, payload } = message as Record<string, unknown>
  return frameOf(join_ref, ref, topic, event, payload)
}

function decodeBroadcastPush(data: Buffer): Frame | null {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return null
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!]
  const encoding = data[6]
  let offset = 7
  const [joinRef, ref, topic, userEvent, metadata] = lengths.map((length) => {
    const text = data.subarray(offset, offset + length).toString('utf8')
    offset += length
    return text
  }) as [string, string, string, string, string]
  if (offset > data.length) return null
  const body = data.subarray(offset)
  let payload: unknown = Buffer.from(body)
  let meta: Record<string, unknown> = {}
  try {
    if (encoding === JSON_ENCODING) payload = JSON.parse(body.toString('utf8'))
    if (metadata) meta = JSON.parse(metadata) as Record<string, unknown>
  } catch {
    return null
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: { ...meta, type: 'broadcast', event: userEvent, payload } }
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload])
  // 1.0.0 predates join_ref: its messages carry none
  return JSON.stringify({ topic: frame.topic, event: frame.event, payload: frame.payload, ref: frame.ref })
}

/** A broadcast to a subscriber: a binary kind-4 frame on 2.0.0, a JSON message on 1.0.0 (which cannot carry bytes). */
export function encodeBroadcast(topic: string, event: string, body: BroadcastBody, vsn: Vsn): string | Buffer | null {
  if (vsn === '1.0.0') {
    if ('bytes' in body) return null
    return encodeFrame({ joinRef: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event, payload: body.json } }, vsn)
  }
  const topicBytes = Buffer.from(topic)
  const eventBytes = Buffer.from(event)
  if (topicBytes.length > 255 || eventBytes.length > 255) return null
  const payload = 'bytes' in body ? body.bytes : Buffer.from(JSON.stringify(body.json))
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, 'bytes' in body ? 0 : JSON_ENCODING])
  return Buffer.concat([header, topicBytes, eventBytes, payload])
}
