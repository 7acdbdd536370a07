// Who did what, recorded by the database from auth.uid(), never from the client: a sale by a
// staff member, a stocktake confirmed, a purchase order received, a setting changed, a role taken away; and the names the
// app shows beside them, kept after someone leaves.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Stack } from '../stack.ts'
import { serviceClient, signUpUser, startTestStack, type TestUser } from './stack-fixture.ts'
import { addCountedPhoto } from './tenant-fixture.ts'

let stack: Stack
let service: SupabaseClient
let owner: TestUser
let manager: TestUser
let staff: TestUser
let shopId: string
let productId: string

beforeAll(async () => {
  stack = await startTestStack()
  service = serviceClient(stack)
  owner = await signUpUser(stack)
  manager = await signUpUser(stack, `mo-${randomUUID()}@example.com`)
  staff = await signUpUser(stack, `sam-${randomUUID()}@example.com`)
  shopId = (await owner.client.from('shops').insert({ name: 'Ledger Shop' }).select('id').single().throwOnError()).data.id
  await owner.client.from('shops').update({ staff_can_confirm: true }).eq('id', shopId).throwOnError()
  productId = (await owner.client.from('products').insert({ shop_id: shopId, name: 'Milk', sku: 'MILK', qty: 10 }).select('id').single().throwOnError()).data.id
  await service.from('shop_members').insert([
    { shop_id: shopId, user_id: manager.id, role: 'manager' },
    { shop_id: shopId, user_id: staff.id, role: 'staff' },
  ]).throwOnError()
})
afterAll(async () => stack?.stop())

describe('who did what', () => {
  it('books a sale to the member who tapped, and names them on the dashboard', async () => {
    const { data: sale } = await staff.client
      .rpc('adjust_stock', { p_product_id: productId, p_delta: -1, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() })
      .throwOnError()
    const { data: row } = await service.from('stock_movements').select('created_by').eq('id', (sale as { id: string }).id).single().throwOnError()
    expect(row.created_by).toBe(staff.id)
    const { data: dashboard } = await owner.client.rpc('dashboard').throwOnError()
    expect((dashboard as { recent_by: Record<string, string> }).recent_by).toMatchObject({ [(sale as { id: string }).id]: staff.email.split('@')[0] })
    const { data: people } = await staff.client.from('shop_people').select('user_id, name').order('name').throwOnError()
    expect(people).toEqual(expect.arrayContaining([{ user_id: staff.id, name: staff.email.split('@')[0] }]))
  })

  it('gives owners and managers sales per person, a sale undone counting for nobody', async () => {
    const sell = async (who: TestUser, undo = false) => {
      const requestId = randomUUID()
      await who.client.rpc('adjust_stock', { p_product_id: productId, p_delta: -1, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: requestId }).throwOnError()
      if (undo) await who.client.rpc('undo_stock_change', { p_product_id: productId, p_request_id: requestId }).throwOnError()
    }
    await owner.client.from('products').update({ unit_price: 1.5 }).eq('id', productId).throwOnError()
    await sell(staff)
    await sell(staff, true)
    await sell(manager)
    const people = async (who: TestUser, range: string) => ((await who.client.rpc('shop_report', { p_range: range })).data as { people: unknown[] } | null)?.people
    expect(await people(owner, 'today')).toEqual([
      { user_id: staff.id, name: staff.email.split('@')[0], sales: 2, units: 2, value: 3, unpriced_products: 0, products: [{ name: 'Milk', units: 2, value: 3 }] },
      { user_id: manager.id, name: manager.email.split('@')[0], sales: 1, units: 1, value: 1.5, unpriced_products: 0, products: [{ name: 'Milk', units: 1, value: 1.5 }] },
    ])
    expect(await people(manager, '7d')).toHaveLength(2)
    expect(await people(staff, 'today')).toBeUndefined()
    // report_people() itself: for owners and managers only
    expect((await owner.client.rpc('report_people', { p_shop_id: shopId, p_start: new Date(Date.now() - 86_400_000).toISOString(), p_end: new Date(Date.now() + 60_000).toISOString() })).data).toHaveLength(2)
    expect((await staff.client.rpc('report_people', { p_shop_id: shopId, p_start: new Date(Date.now() - 86_400_000).toISOString(), p_end: new Date(Date.now() + 60_000).toISOString() })).data).toBeNull()
  })

  it('records who confirmed a stocktake', async () => {
    const { data: session } = await staff.client.rpc('open_count_session').single<{ id: string }>().throwOnError()
    for (const side of ['start', 'end'] as const) {
      await addCountedPhoto(staff, { shopId, sessionId: session.id, productId }, side, `${shopId}/${session.id}/${side}-1.png`, side === 'start' ? 9 : 7)
    }
    const { data: review } = await staff.client.rpc('count_session_review', { p_session_id: session.id }).throwOnError()
    const confirmed = await staff.client.rpc('confirm_count_session', { p_session_id: session.id, p_version: (review as { version: string }).version })
    expect(confirmed.error).toBeNull()
    const { data } = await service.from('count_sessions').select('status, confirmed_by').eq('id', session.id).single().throwOnError()
    expect(data).toEqual({ status: 'confirmed', confirmed_by: staff.id })
  })

  it('books a purchase order received to the member who received it', async () => {
    const { data: supplier } = await owner.client.from('suppliers').insert({ shop_id: shopId, name: 'Dairy Direct' }).select('id').single().throwOnError()
    const { data: order } = await owner.client
      .rpc('create_purchase_order', { p_supplier_id: supplier.id, p_lines: [{ product_id: productId, packs: 2 }] })
      .single<{ id: string }>()
      .throwOnError()
    await owner.client.rpc('set_purchase_order_status', { p_purchase_order_id: order.id, p_status: 'sent' }).throwOnError()
    const { data: line } = await manager.client.from('purchase_order_lines').select('id').eq('purchase_order_id', order.id).single().throwOnError()
    await manager.client
      .rpc('receive_purchase_order', { p_purchase_order_id: order.id, p_lines: [{ line_id: line.id, units: 2, received_before: 0 }] })
      .throwOnError()
    const { data: receipts } = await service.from('stock_movements').select('delta, created_by').eq('product_id', productId).eq('source', 'purchase_order').throwOnError()
    expect(receipts).toEqual([{ delta: 2, created_by: manager.id }])
  })

  it('records every settings change with who made it; only owners and managers read them', async () => {
    await manager.client.from('shops').update({ name: 'Ledger Shop Two', timezone: 'Europe/Paris' }).eq('id', shopId).throwOnError()
    const { data } = await owner.client.from('shop_changes').select('changed_by, setting, old_value, new_value').eq('changed_by', manager.id).in('setting', ['name', 'timezone']).order('setting').throwOnError()
    expect(data).toEqual([
      { changed_by: manager.id, setting: 'name', old_value: 'Ledger Shop', new_value: 'Ledger Shop Two' },
      { changed_by: manager.id, setting: 'timezone', old_value: 'UTC', new_value: 'Europe/Paris' },
    ])
    expect((await staff.client.from('shop_changes').select('id')).data).toEqual([])
    // the client cannot write the record, nor pass itself off as someone else
    expect((await manager.client.from('shop_changes').insert({ shop_id: shopId, changed_by: owner.id, setting: 'name' })).error?.code).toBe('42501')
  })

  it('records a role taken away, and keeps the name of someone who left', async () => {
    await owner.client.rpc('remove_member', { p_user_id: staff.id }).throwOnError()
    const { data } = await owner.client.from('shop_changes').select('changed_by, setting, old_value, new_value').eq('setting', `member ${staff.id}`).order('id').throwOnError()
    expect(data.at(-1)).toEqual({ changed_by: owner.id, setting: `member ${staff.id}`, old_value: 'staff', new_value: null })
    const { data: people } = await owner.client.from('shop_people').select('name').eq('user_id', staff.id).throwOnError()
    expect(people).toEqual([{ name: staff.email.split('@')[0] }])
    expect((await staff.client.from('shop_people').select('name')).data).toEqual([])
  })

  it('deletes a shop with its team and history', async () => {
    const other = await signUpUser(stack)
    const { data: shop } = await other.client.from('shops').insert({ name: 'Short Lived' }).select('id').single().throwOnError()
    await other.client.from('shops').update({ name: 'Short Lived Two' }).eq('id', shop.id).throwOnError()
    expect((await service.from('shops').delete().eq('id', shop.id)).error).toBeNull()
    expect((await service.from('shop_changes').select('id').eq('shop_id', shop.id)).data).toEqual([])
  })
})
