// Realtime postgres_changes through the official client (supabase-js 2.119, realtime-js over a
// real websocket): subscribing, what an insert, update and delete deliver, filters, heartbeat,
// leaving, and public broadcast.
import { postgresChangesFilter } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import type { Stack } from '../stack.ts'
import { serviceClient, startTestStack } from './stack-fixture.ts'
import { insertProduct, listen, listening, received, rest, rowOf, subscribed } from './realtime-test-helpers.ts'

let stack: Stack
let owner: Owner

beforeAll(async () => {
  stack = await startTestStack()
  owner = await ownerWithShop(stack, 'Live Stores')
})
afterAll(async () => {
  await owner?.client.removeAllChannels()
  await stack?.stop()
})

const products = { event: '*', schema: 'public', table: 'products' } as const

describe('subscribing', () => {
  it('joins, gets its binding ids back and then "Subscribed to PostgreSQL" as a system message', async () => {
    const listener = await listening(owner.client, [products, { event: 'INSERT', schema: 'public', table: 'stock_movements' }], 'stock')
    expect(listener.statuses).toEqual(['SUBSCRIBED'])
    const bindings = listener.channel.bindings.postgres_changes!
    expect(bindings.map((b) => typeof b.id)).toEqual(['number', 'number'])
    expect(bindings[0]!.id).not.toBe(bindings[1]!.id)
    expect(listener.system).toEqual([{ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'stock' }])
    await owner.client.removeChannel(listener.channel)
  })

  it('says why it cannot subscribe to a table that is not in the publication, or to a filter on no column', async () => {
    const notPublished = await subscribedOrNot(listen(owner.client, [{ event: '*', schema: 'public', table: 'suppliers' }]))
    expect(notPublished).toEqual({
      extension: 'postgres_changes',
      status: 'error',
      channel: expect.any(String),
      message:
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: suppliers, filters: [], select: nil]',
    })
    const badColumn = await subscribedOrNot(listen(owner.client, [{ ...products, filter: 'colour=eq.red' }]))
    expect(badColumn?.message).toBe(
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: *, schema: public, table: products, filters: [{"colour", "eq", "red", false}], select: nil]. Exception: ERROR P0001 (raise_exception) invalid column for filter colour',
    )
    const badValue = await subscribedOrNot(listen(owner.client, [{ ...products, filter: 'qty=gt.many' }]))
    expect(badValue?.message).toMatch(/Exception: ERROR 22P02 \(invalid_text_representation\) invalid input syntax for type integer: "many"$/)
    await owner.client.removeAllChannels()
  })
})

describe('subscribing with postgres_changes_options.wait', () => {
  it('answers the join once the subscription is on, so a change made right after SUBSCRIBED arrives', async () => {
    const listener = listen(owner.client, [products], undefined, { postgres_changes_options: { wait: true } })
    await expect.poll(() => listener.statuses).toEqual(['SUBSCRIBED'])
    const id = await insertProduct(stack, owner.accessToken, owner.shopId)
    await received(listener, id)
    await owner.client.removeChannel(listener.channel)
  })

  it('refuses the join, with the reason, when the subscription cannot be made', async () => {
    const listener = listen(owner.client, [{ event: '*', schema: 'public', table: 'suppliers' }], undefined, { postgres_changes_options: { wait: true } })
    await expect.poll(() => listener.statuses[0]).toBe(
      'CHANNEL_ERROR: RealtimeDisabledForConfiguration: Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: suppliers, filters: [], select: nil]',
    )
    await owner.client.removeChannel(listener.channel)
  })
})

/** The channel joins; its postgres_changes system message is returned once it comes. */
async function subscribedOrNot(listener: ReturnType<typeof listen>) {
  await expect.poll(() => listener.system.length, { timeout: 15_000 }).toBeGreaterThan(0)
  return listener.system[0]
}

describe('changes', () => {
  it('sends an insert, an update and a delete as Realtime does: typed row, old row, only the key of a deleted row', async () => {
    const listener = await listening(owner.client, [products])
    const id = await insertProduct(stack, owner.accessToken, owner.shopId, { name: 'Oat milk', sku: 'OAT-1', qty: 4, unit_price: '1.25' })
    await rest(stack, owner.accessToken, 'PATCH', `/products?id=eq.${id}&select=id`, { name: 'Oat milk 1L' })
    await rest(stack, owner.accessToken, 'DELETE', `/products?id=eq.${id}&select=id`)
    const deleted = await received(listener, id, 'DELETE')
    const [inserted, updated] = listener.changes
    expect(listener.changes.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE'])
    expect(inserted).toMatchObject({ schema: 'public', table: 'products', errors: null, old: {} })
    expect(inserted!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    // realtime-js turns the column types into JS ones: integers and numerics are numbers
    expect(inserted!.new).toMatchObject({ id, shop_id: owner.shopId, name: 'Oat milk', sku: 'OAT-1', qty: 4, unit_price: 1.25, barcode: null })
    expect(updated!.new).toMatchObject({ id, name: 'Oat milk 1L' })
    // replica identity full (the migration's): the whole old row
    expect(updated!.old).toMatchObject({ id, name: 'Oat milk', qty: 4 })
    expect(deleted.old).toEqual({ id })
    expect(deleted.new).toEqual({})
    await owner.client.removeChannel(listener.channel)
  })

  it('sends to each binding of a channel only the kind of change it asked for', async () => {
    const listener = await listening(owner.client, [
      { event: 'INSERT', schema: 'public', table: 'products' },
      { event: 'DELETE', schema: 'public', table: 'products' },
      { event: 'UPDATE', schema: 'public', table: 'products' },
    ])
    const id = await insertProduct(stack, owner.accessToken, owner.shopId)
    await rest(stack, owner.accessToken, 'PATCH', `/products?id=eq.${id}&select=id`, { low_stock_threshold: 2 })
    await rest(stack, owner.accessToken, 'DELETE', `/products?id=eq.${id}&select=id`)
    await received(listener, id, 'DELETE')
    expect(listener.byBinding.map((changes) => changes.map((c) => c.eventType))).toEqual([['INSERT'], ['DELETE'], ['UPDATE']])
    await owner.client.removeChannel(listener.channel)
  })

  it('sends stock changes as the ledger writes them, each row before what its triggers write', async () => {
    const listener = await listening(owner.client, [products, { event: 'INSERT', schema: 'public', table: 'stock_movements' }])
    const id = await insertProduct(stack, owner.accessToken, owner.shopId, { qty: 3 })
    await rest(stack, owner.accessToken, 'POST', '/rpc/adjust_stock', { p_product_id: id, p_delta: 5, p_reason: 'received' })
    await expect
      .poll(() => listener.changes.map((c) => `${c.table} ${c.eventType}`))
      .toEqual(['products INSERT', 'stock_movements INSERT', 'products UPDATE', 'stock_movements INSERT'])
    expect(listener.changes[1]!.new).toMatchObject({ product_id: id, delta: 3, qty_after: 3, reason: 'initial' })
    expect(listener.changes[2]!.new).toMatchObject({ id, qty: 8 })
    expect(listener.changes[3]!.new).toMatchObject({ product_id: id, delta: 5, qty_after: 8, reason: 'received' })
    await owner.client.removeChannel(listener.channel)
  })
})

describe('filters', () => {
  it('passes only rows that match eq, neq, lt, lte, gt, gte, in and their not.', async () => {
    const filters = [
      'sku=eq.F-2',
      'sku=neq.F-2',
      'qty=lt.2',
      'qty=lte.2',
      'qty=gt.2',
      'qty=gte.2',
      'sku=in.(F-1,F-3)',
      postgresChangesFilter().not('sku', 'in', ['F-1', 'F-3']).build(),
      `shop_id=eq.${owner.shopId},qty=gte.2,sku=neq.F-3`,
    ]
    const listener = await listening(owner.client, filters.map((filter) => ({ event: 'INSERT' as const, schema: 'public', table: 'products', filter })))
    for (const qty of [1, 2, 3]) await insertProduct(stack, owner.accessToken, owner.shopId, { sku: `F-${qty}`, qty })
    const last = await insertProduct(stack, owner.accessToken, owner.shopId, { sku: 'F-last', qty: 0 })
    await received(listener, last)
    const skus = listener.byBinding.map((changes) => changes.map((c) => rowOf(c).sku).filter((sku) => sku !== 'F-last'))
    expect(skus).toEqual([['F-2'], ['F-1', 'F-3'], ['F-1'], ['F-1', 'F-2'], ['F-3'], ['F-2', 'F-3'], ['F-1', 'F-3'], ['F-2'], ['F-2']])
    await owner.client.removeChannel(listener.channel)
  })

  it("filters a delete on the old row's identity, so a shop_id filter hears of its own deletes only", async () => {
    const other = await ownerWithShop(stack, 'Other Stores')
    const mine = await insertProduct(stack, owner.accessToken, owner.shopId)
    const theirs = await insertProduct(stack, other.accessToken, other.shopId)
    // the service role reads every shop: only the filter keeps the other shop's delete out
    const admin = serviceClient(stack)
    const service = await listening(admin, [{ event: 'DELETE', schema: 'public', table: 'products', filter: `shop_id=eq.${owner.shopId}` }])
    await rest(stack, other.accessToken, 'DELETE', `/products?id=eq.${theirs}&select=id`)
    await rest(stack, owner.accessToken, 'DELETE', `/products?id=eq.${mine}&select=id`)
    await received(service, mine, 'DELETE')
    expect(service.changes.map(rowOf)).toEqual([{ id: mine }])
    await admin.removeAllChannels()
  })
})

describe('a table that changed under its subscriptions', () => {
  it('sends nothing to a filter the column no longer fits or through a policy that fails on the row, and goes on for everyone else', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await stack.db.exec(`
      create table public.drift (id int primary key, n int not null, f text);
      alter table public.drift enable row level security;
      create policy "fails on five" on public.drift for select to authenticated using (10 / (n - 5) <> 0);
      grant select on public.drift to authenticated;
      alter publication supabase_realtime add table public.drift;`)
    const drift = { event: 'INSERT' as const, schema: 'public', table: 'drift' }
    const everyRow = await listening(owner.client, [drift])
    const filtered = await listening(owner.client, [{ ...drift, filter: 'f=eq.abc' }])
    const elsewhere = await listening(owner.client, [products])
    await stack.db.exec(`alter table public.drift alter column f type integer using 0`)
    await stack.db.exec(`insert into public.drift values (1, 5, 0)`)
    await received(elsewhere, await insertProduct(stack, owner.accessToken, owner.shopId))
    await stack.db.exec(`insert into public.drift values (2, 6, 0)`)
    await received(everyRow, 2 as unknown as string)
    expect(everyRow.changes.map((c) => rowOf(c).id)).toEqual([2])
    expect(filtered.changes).toEqual([])
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[realtime\] RLS check as authenticated failed, nothing sent: division by zero$/),
        expect.stringMatching(/^\[realtime\] filters on public.drift failed, filtered subscriptions get nothing: invalid input syntax for type integer: "abc"$/),
      ]),
    )
    warn.mockRestore()
    await owner.client.removeAllChannels()
  })
})

describe('column privileges', () => {
  it("leaves out of a change the columns the subscriber's role may not select, and follows a GRANT or REVOKE from the next change", async () => {
    // as products.unit_cost for staff: no SELECT on the column, SELECT on the rest
    await stack.db.exec(`
      create table public.priced (id int primary key, shop_id uuid not null, price numeric not null, cost numeric);
      alter table public.priced replica identity full;
      alter table public.priced enable row level security;
      create policy "read all" on public.priced for select to authenticated using (true);
      grant select (id, shop_id, price) on public.priced to authenticated;
      grant all on public.priced to service_role;
      alter publication supabase_realtime add table public.priced;`)
    const priced = { event: '*' as const, schema: 'public', table: 'priced' }
    const member = await listening(owner.client, [priced])
    const admin = serviceClient(stack)
    const service = await listening(admin, [priced])
    const byCost = await subscribedOrNot(listen(owner.client, [{ ...priced, filter: 'cost=gt.1' }]))
    expect(byCost?.message).toMatch(/Exception: ERROR P0001 \(raise_exception\) invalid column for filter cost$/)

    await stack.db.exec(`insert into public.priced values (1, '${owner.shopId}', 2.5, 1.1)`)
    await stack.db.exec(`update public.priced set price = 3, cost = 1.2 where id = 1`)
    await expect.poll(() => member.changes.length).toBe(2)
    expect(member.changes.map((c) => [c.eventType, c.new, c.old])).toEqual([
      ['INSERT', { id: 1, shop_id: owner.shopId, price: 2.5 }, {}],
      ['UPDATE', { id: 1, shop_id: owner.shopId, price: 3 }, { id: 1, shop_id: owner.shopId, price: 2.5 }],
    ])
    await expect.poll(() => service.changes.length).toBe(2)
    expect(service.changes[1]).toMatchObject({ new: { cost: 1.2 }, old: { cost: 1.1 } })

    await stack.db.exec(`grant select (cost) on public.priced to authenticated`)
    await stack.db.exec(`update public.priced set cost = 1.3 where id = 1`)
    await expect.poll(() => member.changes.length).toBe(3)
    expect(member.changes[2]).toMatchObject({ new: { cost: 1.3 }, old: { cost: 1.2 } })
    await stack.db.exec(`revoke select (cost) on public.priced from authenticated`)
    await stack.db.exec(`update public.priced set cost = 1.4 where id = 1`)
    await expect.poll(() => member.changes.length).toBe(4)
    expect(member.changes[3]!.new).toEqual({ id: 1, shop_id: owner.shopId, price: 3 })
    await admin.removeAllChannels()
    await owner.client.removeAllChannels()
  })
})

describe('the connection', () => {
  it('answers heartbeats on the phoenix topic', async () => {
    const listener = await listening(owner.client, [products])
    const beats: string[] = []
    owner.client.realtime.onHeartbeat((status) => beats.push(status))
    await owner.client.realtime.sendHeartbeat()
    await expect.poll(() => beats).toEqual(['sent', 'ok'])
    await owner.client.removeChannel(listener.channel)
  })

  it('stops sending a channel its changes once it leaves, and keeps sending the others', async () => {
    const leaving = await listening(owner.client, [products])
    const staying = await listening(owner.client, [products])
    expect(await leaving.channel.unsubscribe()).toBe('ok')
    expect(leaving.statuses).toContain('CLOSED')
    const id = await insertProduct(stack, owner.accessToken, owner.shopId)
    await received(staying, id)
    expect(leaving.changes).toEqual([])
    await owner.client.removeChannel(staying.channel)
  })

  it('keeps no changes of a table once nobody listens to it', async () => {
    const listener = await listening(owner.client, [products])
    await owner.client.removeChannel(listener.channel)
    await expect.poll(async () => (await stack.db.query('select entity from local_stack.realtime_listened')).rows).toEqual([])
    await insertProduct(stack, owner.accessToken, owner.shopId)
    expect((await stack.db.query('select id from local_stack.realtime_changes')).rows).toEqual([])
  })

  it('relays a public broadcast to the other members of the channel, and to the sender with self', async () => {
    const other = (await ownerWithShop(stack, 'Broadcast Stores')).client
    const heard: unknown[][] = [[], []]
    const sender = owner.client.channel('counting-room', { config: { broadcast: { self: true, ack: true } } })
    const receiver = other.channel('counting-room')
    sender.on('broadcast', { event: 'counted' }, (message) => heard[0]!.push(message.payload))
    receiver.on('broadcast', { event: 'counted' }, (message) => heard[1]!.push(message.payload))
    await subscribed(listenerOf(sender), 0)
    await subscribed(listenerOf(receiver), 0)
    expect(await sender.send({ type: 'broadcast', event: 'counted', payload: { shelf: 'A', qty: 7 } })).toBe('ok')
    await expect.poll(() => heard).toEqual([[{ shelf: 'A', qty: 7 }], [{ shelf: 'A', qty: 7 }]])
    await other.removeAllChannels()
    await owner.client.removeChannel(sender)
  })

  it('refuses presence tracking in words, and sends a presence-enabled channel an empty state', async () => {
    const channel = owner.client.channel('who-is-here', { config: { presence: { key: 'till-1' } } })
    let synced = 0
    channel.on('presence', { event: 'sync' }, () => synced++)
    await subscribed(listenerOf(channel), 0)
    expect(await channel.track({ online_at: 'now' })).toBe('error')
    await expect.poll(() => synced).toBe(1)
    expect(channel.presenceState()).toEqual({})
    await owner.client.removeChannel(channel)
  })
})

/** A channel subscribed by hand, seen as a Listener for subscribed(). */
function listenerOf(channel: ReturnType<typeof owner.client.channel>) {
  const listener = { channel, changes: [], byBinding: [], system: [], statuses: [] as string[] }
  channel.subscribe((status) => listener.statuses.push(status))
  return listener
}
