import { createHash } from 'node:crypto'
import type { WebSocket } from 'ws'
import type { Database } from '../db/database.ts'
import type { Tokens } from '../tokens.ts'
import { checkToken, joinRefusal } from './channel-token.ts'
import { decodeFrame, encodeBroadcast, encodeFrame, type BroadcastBody, type Frame, type Vsn } from './phoenix-frames.ts'
import { RealtimeChannel, type ChannelHost } from './realtime-channel.ts'
import type { Binding } from './subscribe.ts'
import type { SubscriptionRegistry } from './subscriptions.ts'

/** The public channels of every socket, by name: where a broadcast goes. */
export type BroadcastHub = Map<string, Set<{ socket: RealtimeSocket; channel: RealtimeChannel; self: boolean; ack: boolean }>>

export interface SocketContext {
  db: Database
  tokens: Tokens
  registry: SubscriptionRegistry
  hub: BroadcastHub
}

const IDLE_TIMEOUT_MS = 60_000

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Realtime ids a binding by :erlang.phash2 of its params; any stable small integer does for realtime-js. */
function bindingId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(Object.keys(params).sort().map((key) => [key, params[key]]))
  return createHash('sha256').update(canonical).digest().readUInt32BE(0) & 0x7ffffff
}

/**
 * One websocket, as Phoenix's socket and Realtime's UserSocket run it: a heartbeat on `phoenix`,
 * channels joined on `realtime:<name>`, frames handled one at a time in the order they came.
 * A frame that is not a Phoenix message closes the socket (1007), as Realtime's does (it crashes).
 */
export class RealtimeSocket implements ChannelHost {
  private readonly channels = new Map<string, RealtimeChannel>()
  private queue: Promise<void> = Promise.resolve()
  /** Phoenix's websocket timeout: a socket silent this long (realtime-js beats every 25 s) is gone. */
  private readonly idle: NodeJS.Timeout
  readonly db: Database
  readonly tokens: Tokens
  readonly registry: SubscriptionRegistry

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** the apikey's token: what a join without its own access_token runs as */
    private readonly socketToken: string,
    private readonly context: SocketContext,
  ) {
    ;({ db: this.db, tokens: this.tokens, registry: this.registry } = context)
    this.idle = setTimeout(() => ws.terminate(), IDLE_TIMEOUT_MS).unref()
    ws.on('message', (data, isBinary) => {
      this.idle.refresh()
      const frame = decodeFrame(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]), isBinary, vsn)
      if (!frame) return ws.close(1007, 'Invalid message')
      this.queue = this.queue.then(() => this.handle(frame)).catch((error: Error) => {
        console.error('[realtime] message failed', error)
        ws.close(1011, 'Internal error')
      })
    })
    ws.on('close', () => {
      clearTimeout(this.idle)
      for (const channel of [...this.channels.values()]) void channel.close(false)
    })
    ws.on('error', () => ws.terminate())
  }

  send(frame: Frame): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeFrame(frame, this.vsn))
  }

  closed(channel: RealtimeChannel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic)
    const members = this.context.hub.get(channel.subTopic)
    for (const member of members ?? []) if (member.channel === channel) members!.delete(member)
    if (members?.size === 0) this.context.hub.delete(channel.subTopic)
  }

  /** A broadcast from another channel of the same name. */
  receiveBroadcast(topic: string, event: string, body: BroadcastBody): void {
    const encoded = encodeBroadcast(topic, event, body, this.vsn)
    if (encoded !== null && this.ws.readyState === this.ws.OPEN) this.ws.send(encoded)
  }

  private reply(frame: Frame, status: 'ok' | 'error', response: unknown): void {
    this.send({ joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: { status, response } })
  }

  private async handle(frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') return this.reply(frame, 'ok', {})
    if (frame.event === 'phx_join') return this.join(frame)
    const channel = this.channels.get(frame.topic)
    if (!channel) return this.reply(frame, 'error', { reason: 'unmatched topic' })
    if (frame.event === 'broadcast') return this.broadcast(channel, frame)
    if (frame.event === 'presence') return channel.reply(frame, 'error', { reason: 'Presence is not available on the local stack' })
    await channel.handle(frame)
  }

  private async join(frame: Frame): Promise<void> {
    if (!frame.topic.startsWith('realtime:')) return this.reply(frame, 'error', { reason: 'unmatched topic' })
    const subTopic = frame.topic.slice('realtime:'.length)
    if (subTopic === '') return this.reply(frame, 'error', { reason: 'TopicNameRequired: You must provide a topic name' })
    // Phoenix closes the channel a second join of the same topic replaces
    await this.channels.get(frame.topic)?.close()
    const params = isObject(frame.payload) ? frame.payload : {}
    const config = isObject(params.config) ? params.config : {}
    if (config.private === true) {
      return this.reply(frame, 'error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}` })
    }
    const asked = params.access_token ?? params.user_token
    const token = typeof asked === 'string' && !asked.startsWith('sb_') ? asked : this.socketToken
    const check = await checkToken(this.tokens, token)
    // the socket went while the token was checked: nothing to join for
    if (this.ws.readyState !== this.ws.OPEN) return
    if (!check.ok) return this.reply(frame, 'error', { reason: joinRefusal(check) })
    const bindings: Binding[] = (Array.isArray(config.postgres_changes) ? config.postgres_changes : [])
      .filter(isObject)
      .map((binding) => ({ id: bindingId(binding), params: binding }))
    const channel = new RealtimeChannel(this, frame.topic, frame.joinRef, token, check.claims, bindings)
    this.channels.set(frame.topic, channel)
    const broadcast = isObject(config.broadcast) ? config.broadcast : {}
    const members = this.context.hub.get(subTopic) ?? new Set()
    members.add({ socket: this, channel, self: broadcast.self === true, ack: broadcast.ack === true })
    this.context.hub.set(subTopic, members)
    const options = isObject(config.postgres_changes_options) ? config.postgres_changes_options : {}
    if (options.wait === true && bindings.length > 0) return this.joinWhenSubscribed(frame, channel, bindings, config)
    this.reply(frame, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.params, id: b.id })) })
    this.joined(channel, config)
    channel.subscribePostgres()
  }

  /** postgres_changes_options.wait (realtime-js 2.119): the join is answered once the subscriptions are on, or refused. */
  private async joinWhenSubscribed(frame: Frame, channel: RealtimeChannel, bindings: Binding[], config: Record<string, unknown>): Promise<void> {
    const failure = await channel.subscribe()
    if (failure !== null) {
      await channel.close(false)
      return this.reply(frame, 'error', { reason: `RealtimeDisabledForConfiguration: ${failure}` })
    }
    this.reply(frame, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.params, id: b.id })) })
    this.joined(channel, config)
    channel.announce(null)
  }

  private joined(channel: RealtimeChannel, config: Record<string, unknown>): void {
    // nobody can track presence here, so the state a presence-enabled channel is sent is empty
    if (isObject(config.presence) && config.presence.enabled === true) channel.push('presence_state', {})
  }

  /** A public broadcast goes to every channel of that name (the sender's own only with `self`); `ack` gets a reply. */
  private broadcast(channel: RealtimeChannel, frame: Frame): void {
    const payload = isObject(frame.payload) ? frame.payload : {}
    if (typeof payload.event !== 'string') return
    const body: BroadcastBody = Buffer.isBuffer(payload.payload) ? { bytes: payload.payload } : { json: payload.payload ?? {} }
    const members = [...(this.context.hub.get(channel.subTopic) ?? [])]
    const sender = members.find((member) => member.channel === channel)
    for (const member of members) {
      if (member !== sender || sender.self) member.socket.receiveBroadcast(frame.topic, payload.event, body)
    }
    if (sender?.ack) channel.reply(frame, 'ok', {})
  }
}
