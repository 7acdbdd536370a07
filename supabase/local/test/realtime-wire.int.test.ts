// Realtime's wire contract, frame by frame, with a bare websocket (Node's own WebSocket): what
// realtime-js 2.119 sends and what Supabase Realtime answers (lib/realtime_web/channels/
// realtime_channel.ex, user_socket.ex, postgres_cdc_rls/message_dispatcher.ex), and bad frames.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import { insertProduct } from './realtime-test-helpers.ts'
import { userToken } from './rest-helpers.ts'

let stack: Stack
let owner: Owner

beforeAll(async () => {
  stack = await startTestStack()
  owner = await ownerWithShop(stack, 'Wire Stores')
})
afterAll(async () => {
  await stack?.stop()
})

type Json = unknown

/** A Phoenix client in twenty lines: frames in, frames out, nothing else. */
class Wire {
  readonly frames: Json[] = []
  readonly ws: WebSocket
  readonly closed: Promise<number>
  private readonly opened: Promise<void>

  constructor(vsn = '2.0.0', apikey = PUBLISHABLE_KEY) {
    this.ws = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`)
    this.ws.addEventListener('message', (event) => this.frames.push(JSON.parse(String(event.data))))
    this.opened = new Promise((done) => this.ws.addEventListener('open', () => done()))
    this.closed = new Promise((done) => this.ws.addEventListener('close', (event) => done(event.code)))
  }

  async send(frame: Json | string | Uint8Array): Promise<void> {
    await this.opened
    this.ws.send(typeof frame === 'string' || frame instanceof Uint8Array ? frame : JSON.stringify(frame))
  }

  /** The first frame (from the start) that matches; waits for it. */
  async frame(match: (frame: Json[]) => boolean): Promise<Json[]> {
    const find = () => (this.frames as Json[][]).find(match)
    await expect.poll(find, { timeout: 10_000 }).toBeDefined()
    return find()!
  }

  reply(ref: string) {
    return this.frame((f) => f[1] === ref && f[3] === 'phx_reply')
  }
}

const joinPayload = (bindings: object[], accessToken = owner.accessToken) => ({
  config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: bindings, private: false },
  access_token: accessToken,
})

/** An HTTP upgrade to the websocket path: the refused ones answer before switching protocols. */
function upgrade(query: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request(`${stack.url}/realtime/v1/websocket?${query}`, {
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    })
    req.on('response', (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => done({ status: res.statusCode!, body }))
    })
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      done({ status: res.statusCode!, body: '' })
    })
    req.on('error', fail)
    req.end()
  })
}

describe('connecting', () => {
  it('takes the publishable key, and refuses a missing, forged or expired key or an unknown vsn as Realtime does', async () => {
    expect(await upgrade(`apikey=${PUBLISHABLE_KEY}&vsn=2.0.0`)).toEqual({ status: 101, body: '' })
    expect(await upgrade('vsn=2.0.0')).toEqual({ status: 401, body: '{"error":"API key is missing"}' })
    expect(await upgrade('apikey=not-a-key&vsn=2.0.0')).toEqual({ status: 401, body: '{"error":"The token provided is not a valid JWT"}' })
    const forged = `${owner.accessToken.slice(0, -4)}AAAA`
    expect(await upgrade(`apikey=${forged}&vsn=2.0.0`)).toEqual({ status: 401, body: '{"error":"Failed to validate JWT signature"}' })
    const expired = await userToken(stack, owner.id, { exp: Math.floor(Date.now() / 1000) - 60 })
    expect(await upgrade(`apikey=${expired}&vsn=2.0.0`)).toEqual({ status: 401, body: '{"error":"Token has expired"}' })
    expect((await upgrade(`apikey=${PUBLISHABLE_KEY}&vsn=3.0.0`)).status).toBe(403)
  })
})

describe('a channel, frame by frame', () => {
  it('joins with its bindings and ids, says "Subscribed to PostgreSQL", then sends changes as [null, null, topic, "postgres_changes", {ids, data}]', async () => {
    const wire = new Wire()
    const binding = { event: 'INSERT', schema: 'public', table: 'products', filter: `shop_id=eq.${owner.shopId}` }
    await wire.send(['1', '1', 'realtime:wire', 'phx_join', joinPayload([binding])])
    const [, , , , reply] = await wire.reply('1')
    expect(reply).toEqual({ status: 'ok', response: { postgres_changes: [{ ...binding, id: expect.any(Number) }] } })
    const id = (reply as { response: { postgres_changes: { id: number }[] } }).response.postgres_changes[0]!.id
    expect(await wire.frame((f) => f[3] === 'system')).toEqual([
      '1',
      null,
      'realtime:wire',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'wire' },
    ])
    const productId = await insertProduct(stack, owner.accessToken, owner.shopId, { name: 'Rye bread', qty: 0 })
    const change = await wire.frame((f) => f[3] === 'postgres_changes')
    expect(change.slice(0, 4)).toEqual([null, null, 'realtime:wire', 'postgres_changes'])
    const { ids, data } = change[4] as { ids: number[]; data: Record<string, unknown> }
    expect(ids).toEqual([id])
    expect(Object.keys(data).sort()).toEqual(['columns', 'commit_timestamp', 'errors', 'record', 'schema', 'table', 'type'])
    expect(data).toMatchObject({ schema: 'public', table: 'products', type: 'INSERT', errors: null, record: { id: productId, name: 'Rye bread', qty: 0 } })
    expect((data.columns as object[]).slice(0, 3)).toEqual([
      { name: 'id', type: 'uuid' },
      { name: 'shop_id', type: 'uuid' },
      { name: 'name', type: 'text' },
    ])
    expect((data.columns as { name: string }[]).map((c) => c.name)).toEqual(Object.keys(data.record as object))
    wire.ws.close()
  })

  it('answers heartbeats, leaves with a reply and phx_close and sends nothing after, and speaks vsn 1.0.0 (objects, no join_ref)', async () => {
    const wire = new Wire('1.0.0')
    await wire.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7', join_ref: null })
    expect(await wire.frame(() => true)).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '7' })
    const binding = { event: '*', schema: 'public', table: 'products' }
    await wire.send({ topic: 'realtime:v1', event: 'phx_join', payload: joinPayload([binding]), ref: '8', join_ref: '8' })
    await expect.poll(() => wire.frames.length).toBe(3)
    await wire.send({ topic: 'realtime:v1', event: 'phx_leave', payload: {}, ref: '9', join_ref: '8' })
    await expect.poll(() => wire.frames.length).toBe(5)
    await insertProduct(stack, owner.accessToken, owner.shopId)
    await stack.realtime.settled()
    await wire.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '10', join_ref: null })
    await expect.poll(() => wire.frames.length).toBe(6)
    expect(wire.frames.slice(1)).toEqual([
      { topic: 'realtime:v1', event: 'phx_reply', payload: { status: 'ok', response: { postgres_changes: [{ ...binding, id: expect.any(Number) }] } }, ref: '8' },
      { topic: 'realtime:v1', event: 'system', payload: { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'v1' }, ref: null },
      { topic: 'realtime:v1', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '9' },
      { topic: 'realtime:v1', event: 'phx_close', payload: {}, ref: '8' },
      { topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '10' },
    ])
    wire.ws.close()
  })

  it('refuses joins with a bad token or topic, and a private channel, in Realtime words', async () => {
    const wire = new Wire()
    const expired = await userToken(stack, owner.id, { exp: Math.floor(Date.now() / 1000) - 30 })
    const noRole = await stack.tokens.signAccessToken({ sub: owner.id, exp: Math.floor(Date.now() / 1000) + 60 })
    const joins: [string, string, object][] = [
      ['1', 'realtime:a', joinPayload([], expired)],
      ['2', 'realtime:b', joinPayload([], `${owner.accessToken.slice(0, -4)}AAAA`)],
      ['3', 'realtime:c', joinPayload([], 'not.a.jwt')],
      ['4', 'realtime:d', joinPayload([], noRole)],
      ['5', 'realtime:', joinPayload([])],
      ['6', 'elsewhere', joinPayload([])],
      ['7', 'realtime:e', { ...joinPayload([]), config: { private: true } }],
    ]
    for (const [ref, topic, payload] of joins) await wire.send([ref, ref, topic, 'phx_join', payload])
    const reasons = await Promise.all(joins.map(async ([ref]) => ((await wire.reply(ref))[4] as { response: { reason: string } }).response.reason))
    expect(reasons[0]).toMatch(/^InvalidJWTToken: Token has expired 3\d seconds ago$/)
    expect(reasons.slice(1)).toEqual([
      'JwtSignatureError: Failed to validate JWT signature',
      'MalformedJWT: The token provided is not a valid JWT',
      'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
      'TopicNameRequired: You must provide a topic name',
      'unmatched topic',
      'Unauthorized: You do not have permissions to read from this Channel topic: e',
    ])
    wire.ws.close()
  })
})

describe('bad frames', () => {
  it('answers a message for a topic it never joined, ignores an event it does not know, and keeps serving', async () => {
    const wire = new Wire()
    await wire.send([null, '1', 'realtime:nowhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }])
    expect((await wire.reply('1'))[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } })
    await wire.send(['2', '2', 'realtime:here', 'phx_join', joinPayload([])])
    await wire.reply('2')
    await wire.send(['2', '3', 'realtime:here', 'shout', { loud: true }])
    await wire.send([null, '4', 'phoenix', 'heartbeat', {}])
    await wire.reply('4')
    expect((wire.frames as Json[][]).filter((f) => f[1] === '3')).toEqual([])
    wire.ws.close()
  })

  it('closes a socket that sends what is not a Phoenix message (1007), and the server goes on', async () => {
    for (const garbage of ['not json', '{"topic":"phoenix"}', '[1, 2]', '[null, "1", 5, "heartbeat", {}]']) {
      const wire = new Wire()
      await wire.send(garbage)
      expect(await wire.closed).toBe(1007)
    }
    const binary = new Wire()
    await binary.send(new Uint8Array([9, 9, 9]))
    expect(await binary.closed).toBe(1007)
    const healthy = new Wire()
    await healthy.send([null, '1', 'phoenix', 'heartbeat', {}])
    expect((await healthy.reply('1'))[4]).toEqual({ status: 'ok', response: {} })
    healthy.ws.close()
  })
})
