import { randomUUID } from 'node:crypto'
import type {
  RealtimeChannel,
  RealtimeChannelOptions,
  RealtimePostgresChangesFilter,
  RealtimePostgresChangesPayload,
  RealtimeSystemPayload,
  SupabaseClient,
} from '@supabase/supabase-js'
import { expect } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'

type Row = Record<string, unknown>
type Binding = RealtimePostgresChangesFilter<'*' | 'INSERT' | 'UPDATE' | 'DELETE'>

export interface Listener {
  channel: RealtimeChannel
  changes: RealtimePostgresChangesPayload<Row>[]
  /** per binding, in the order given: the changes its callback got */
  byBinding: RealtimePostgresChangesPayload<Row>[][]
  system: RealtimeSystemPayload[]
  /** every status subscribe() reported, with the error's message */
  statuses: string[]
}

/** A channel of the official client listening to `bindings`, recording all it is told. */
export function listen(client: SupabaseClient, bindings: Binding[], name = `live-${randomUUID()}`, config: RealtimeChannelOptions['config'] = {}): Listener {
  const listener: Listener = { channel: client.channel(name, { config }), changes: [], byBinding: bindings.map(() => []), system: [], statuses: [] }
  bindings.forEach((binding, i) => {
    listener.channel.on('postgres_changes', binding, (payload: RealtimePostgresChangesPayload<Row>) => {
      listener.changes.push(payload)
      listener.byBinding[i]!.push(payload)
    })
  })
  listener.channel.on('system', {}, (payload: RealtimeSystemPayload) => listener.system.push(payload))
  listener.channel.subscribe((status, error) => listener.statuses.push(error ? `${status}: ${error.message}` : status))
  return listener
}

const subscribedToPostgres = (listener: Listener) =>
  listener.system.filter((m) => m.extension === 'postgres_changes' && m.status === 'ok' && m.message === 'Subscribed to PostgreSQL').length

/** Waits for SUBSCRIBED and for the `count`-th "Subscribed to PostgreSQL" (each token refresh or rejoin sends one more). */
export async function subscribed(listener: Listener, count = 1): Promise<Listener> {
  await expect.poll(() => listener.statuses, { timeout: 15_000 }).toContain('SUBSCRIBED')
  await expect.poll(() => subscribedToPostgres(listener), { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  return listener
}

export const listening = (client: SupabaseClient, bindings: Binding[], name?: string) => subscribed(listen(client, bindings, name))

/** The row a change is about: its new row, or the old one of a delete. */
export const rowOf = (change: RealtimePostgresChangesPayload<Row>): Row => (change.eventType === 'DELETE' ? change.old : change.new)

/** Waits until a change about row `id` has come (`eventType` given: that kind). */
export async function received(listener: Listener, id: string, eventType?: string): Promise<RealtimePostgresChangesPayload<Row>> {
  const find = () => listener.changes.find((c) => rowOf(c).id === id && (!eventType || c.eventType === eventType))
  await expect.poll(find, { timeout: 15_000 }).toBeDefined()
  return find()!
}

/** A hand-written REST request with the user's token, as any HTTP client may send it; the parsed answer. */
export async function rest(stack: Stack, token: string, method: string, path: string, body?: unknown): Promise<Row[]> {
  const response = await fetch(`${stack.url}/rest/v1${path}`, {
    method,
    headers: { apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  const parsed: unknown = text ? JSON.parse(text) : []
  return Array.isArray(parsed) ? parsed : [parsed as Row]
}

/** A product written through REST; its id. */
export async function insertProduct(stack: Stack, token: string, shopId: string, fields: Row = {}): Promise<string> {
  const [row] = await rest(stack, token, 'POST', '/products?select=id', { shop_id: shopId, name: `Product ${randomUUID().slice(0, 8)}`, ...fields })
  return row!.id as string
}
