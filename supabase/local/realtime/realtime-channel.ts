import type { Database } from '../db/database.ts'
import type { Tokens } from '../tokens.ts'
import { checkToken, refreshRefusal, type TokenCheck } from './channel-token.ts'
import type { Frame } from './phoenix-frames.ts'
import { resolveSubscriptions, type Binding } from './subscribe.ts'
import type { ChangeSink, SubscriptionRegistry } from './subscriptions.ts'

// One joined channel, as lib/realtime_web/channels/realtime_channel.ex runs it: its postgres_changes
// subscriptions, its token (checked again when it expires, replaced by access_token messages),
// and the system messages Realtime sends about both.

/** What a channel needs from its socket and the stack. */
export interface ChannelHost {
  db: Database
  tokens: Tokens
  registry: SubscriptionRegistry
  send(frame: Frame): void
  /** the channel ended: the socket forgets it */
  closed(channel: RealtimeChannel): void
}

type Claims = Extract<TokenCheck, { ok: true }>['claims']

// Realtime looks at the token again at least every 5 minutes, and when it expires.
const CONFIRM_TOKEN_MS = 5 * 60_000

export class RealtimeChannel implements ChangeSink {
  private timer: NodeJS.Timeout | undefined
  private ended = false
  private subscribing: Promise<void> = Promise.resolve()

  constructor(
    private readonly host: ChannelHost,
    readonly topic: string,
    readonly joinRef: string | null,
    private token: string,
    private claims: Claims,
    private readonly bindings: Binding[],
  ) {
    this.confirmTokenLater()
  }

  get subTopic(): string {
    return this.topic.slice('realtime:'.length)
  }

  deliver(bindingIds: number[], data: Record<string, unknown>): void {
    if (!this.ended) this.push('postgres_changes', { ids: bindingIds, data }, null)
  }

  /** Realtime's :postgres_subscribe: creates the subscriptions, then says how it went. */
  subscribePostgres(): void {
    if (this.bindings.length === 0) return
    this.subscribing = this.subscribing
      .then(async () => {
        const failure = await this.subscribe()
        if (!this.ended) this.announce(failure)
      })
      .catch((error: unknown) => console.error('[realtime] subscribing failed', error))
  }

  /** Makes the subscriptions; null once they are on, else why they could not be. */
  async subscribe(): Promise<string | null> {
    const result = await resolveSubscriptions(this.host.db, this, this.bindings, this.claims).catch((error: Error) => ({ ok: false as const, message: error.message }))
    if (!result.ok || this.ended) return result.ok ? null : result.message
    try {
      await this.host.registry.replace(this, result.subscriptions)
      return null
    } catch (error) {
      return (error as Error).message
    }
  }

  /** "Subscribed to PostgreSQL", or why not, as Realtime says it. */
  announce(failure: string | null): void {
    if (failure === null) this.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL')
    else this.system('postgres_changes', 'error', failure)
  }

  /** A message on the joined channel (not phx_join). */
  async handle(frame: Frame): Promise<void> {
    if (frame.event === 'phx_leave') {
      this.reply(frame, 'ok', {})
      return this.close()
    }
    if (frame.event === 'access_token') return this.refreshToken(frame.payload)
    // broadcast and presence are the socket's (realtime-socket.ts); anything else Realtime ignores
  }

  reply(frame: Frame, status: 'ok' | 'error', response: unknown): void {
    this.host.send({ joinRef: this.joinRef, ref: frame.ref, topic: this.topic, event: 'phx_reply', payload: { status, response } })
  }

  push(event: string, payload: unknown, joinRef: string | null = this.joinRef): void {
    this.host.send({ joinRef, ref: null, topic: this.topic, event, payload })
  }

  /** Ends the channel: no more changes, and phx_close unless the socket itself is gone. */
  async close(notify = true): Promise<void> {
    if (this.ended) return
    this.ended = true
    clearTimeout(this.timer)
    this.host.closed(this)
    if (notify) this.host.send({ joinRef: this.joinRef, ref: this.joinRef, topic: this.topic, event: 'phx_close', payload: {} })
    await this.host.registry.remove(this).catch((error: Error) => console.warn(`[realtime] could not forget a channel's tables: ${error.message}`))
  }

  private system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic })
  }

  /** Realtime's shutdown_response: the reason as a system message, then the channel closes. */
  private async shutdown(message: string): Promise<void> {
    this.system('system', 'error', message)
    await this.close()
  }

  private async refreshToken(payload: unknown): Promise<void> {
    const token = (payload as { access_token?: unknown } | null)?.access_token
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.token) return
    const check = await checkToken(this.host.tokens, token)
    if (this.ended) return
    if (!check.ok) return this.shutdown(refreshRefusal(check))
    this.token = token
    this.claims = check.claims
    this.host.registry.updateClaims(this, check.claims.role, check.claims)
    this.confirmTokenLater()
    this.subscribePostgres()
  }

  private confirmTokenLater(): void {
    clearTimeout(this.timer)
    const untilExpiry = this.claims.exp * 1000 - Date.now()
    this.timer = setTimeout(() => void this.confirmToken(), Math.max(0, Math.min(CONFIRM_TOKEN_MS, untilExpiry)))
    this.timer.unref()
  }

  private async confirmToken(): Promise<void> {
    const check = await checkToken(this.host.tokens, this.token)
    if (this.ended) return
    if (!check.ok) return this.shutdown(check.message)
    this.confirmTokenLater()
  }
}
