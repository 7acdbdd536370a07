// Attacks every table, RPC function and storage bucket of supabase/migrations
// from another shop's account and from the anon key, through the raw HTTP API.
// The lists of attacks are keyed by what the database holds: a new table,
// function or bucket without an entry here fails the suite until someone
// writes its attack (and, by then, its policies).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { signUpUser, startTestStack, type TestUser } from './stack-fixture.ts'

interface Tenant {
  user: TestUser
  shopId: string
  productId: string
  movementId: string
  imagePath: string
  /** an open stocktake with one photo, a count line and an unmatched code */
  sessionId: string
  photoId: string
  photoPath: string
  unmatchedId: string
  /** a photo removed from it, kept for Undo */
  removalId: string
  /** a confirmed stocktake, with its count results */
  confirmedSessionId: string
  /** the open stocktake's review version */
  version: string
  supplierId: string
  /** a draft order with one line */
  purchaseOrderId: string
  purchaseOrderLineId: string
  /** an email recipient waiting for confirmation; a queued test report */
  recipientId: string
  /** an open invitation; a staff member who joined by one */
  inviteId: string
  memberId: string
}

type Json = Record<string, unknown>
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

// `filter` picks the victim's row (PostgREST syntax); `insert` plants a row in the victim's shop.
const tableAttacks: Record<string, (victim: Tenant) => { filter: string; insert: Json; patch: Json }> = {
  shops: (v) => ({ filter: `id=eq.${v.shopId}`, insert: { owner_id: v.user.id, name: 'Hijack', currency: 'GBP' }, patch: { name: 'Hijacked' } }),
  // a member row planted by someone else would open the whole shop to them
  shop_members: (v) => ({ filter: `shop_id=eq.${v.shopId}`, insert: { shop_id: v.shopId, user_id: v.user.id, role: 'manager' }, patch: { role: 'staff' } }),
  shop_people: (v) => ({ filter: `shop_id=eq.${v.shopId}`, insert: { shop_id: v.shopId, user_id: v.user.id, name: 'Planted' }, patch: { name: 'Hijacked' } }),
  // a forged record of who changed what
  shop_changes: (v) => ({ filter: `shop_id=eq.${v.shopId}`, insert: { shop_id: v.shopId, setting: 'name', new_value: 'Planted' }, patch: { changed_by: null } }),
  shop_invites: (v) => ({ filter: `id=eq.${v.inviteId}`, insert: { shop_id: v.shopId, email: 'planted@example.com', role: 'manager' }, patch: { role: 'manager', expires_at: '2099-01-01' } }),
  products: (v) => ({
    filter: `id=eq.${v.productId}`,
    insert: { shop_id: v.shopId, name: 'Planted', sku: 'PLANTED' },
    patch: { name: 'Hijacked', low_stock_threshold: 99 },
  }),
  stock_movements: (v) => ({
    filter: `id=eq.${v.movementId}`,
    insert: { shop_id: v.shopId, product_id: v.productId, delta: 100, qty_after: 107, reason: 'received' },
    patch: { delta: 1000 },
  }),
  stock_days: (v) => ({
    filter: `product_id=eq.${v.productId}`,
    insert: { product_id: v.productId, shop_id: v.shopId, day: '2026-01-01', sold: 99, end_qty: 0 },
    patch: { sold: 99 },
  }),
  count_sessions: (v) => ({
    filter: `id=eq.${v.sessionId}`,
    insert: { shop_id: v.shopId },
    patch: { coverage: 'all' },
  }),
  count_photos: (v) => ({
    filter: `id=eq.${v.photoId}`,
    insert: { session_id: v.sessionId, shop_id: v.shopId, side: 'end', storage_path: `${v.shopId}/${v.sessionId}/end-x.png`, taken_at: new Date().toISOString() },
    patch: { status: 'pending', error: 'hijacked', counted_on: 'device', kept_on_device: true },
  }),
  count_edits: (v) => ({
    filter: `session_id=eq.${v.sessionId}`,
    insert: { session_id: v.sessionId, shop_id: v.shopId, product_id: v.productId, end_count: 0 },
    patch: { end_count: 99 },
  }),
  count_lines: (v) => ({
    filter: `photo_id=eq.${v.photoId}`,
    insert: { photo_id: v.photoId, session_id: v.sessionId, shop_id: v.shopId, product_id: v.productId, count: 99, confidence: 1, analyser: 'barcode' },
    patch: { count: 0 },
  }),
  count_unmatched: (v) => ({
    filter: `id=eq.${v.unmatchedId}`,
    insert: { photo_id: v.photoId, session_id: v.sessionId, shop_id: v.shopId, label: 'planted', count: 1 },
    patch: { label: 'hijacked' },
  }),
  count_photo_removals: (v) => ({
    filter: `id=eq.${v.removalId}`,
    insert: { session_id: v.sessionId, shop_id: v.shopId, photos: [], lines: [], unmatched: [], paths: [] },
    patch: { paths: [] },
  }),
  count_results: (v) => ({
    filter: `session_id=eq.${v.confirmedSessionId}`,
    insert: { session_id: v.sessionId, shop_id: v.shopId, product_id: v.productId, start_count: 1, end_count: 1, received: 0, sold: 0, qty_before: 1, qty_after: 1 },
    patch: { qty_after: 0 },
  }),
  suppliers: (v) => ({ filter: `id=eq.${v.supplierId}`, insert: { shop_id: v.shopId, name: 'Planted Ltd' }, patch: { email: 'thief@example.com' } }),
  product_suppliers: (v) => ({
    filter: `product_id=eq.${v.productId}`,
    insert: { product_id: v.productId, supplier_id: v.supplierId, shop_id: v.shopId, pack_size: 6 },
    patch: { unit_cost: 0, preferred: false },
  }),
  purchase_orders: (v) => ({
    filter: `id=eq.${v.purchaseOrderId}`,
    insert: { shop_id: v.shopId, supplier_id: v.supplierId, number: 99 },
    patch: { notes: 'Hijacked' },
  }),
  report_feeds: (v) => ({
    filter: `shop_id=eq.${v.shopId}`,
    insert: { shop_id: v.shopId, token_hash: 'a'.repeat(64) },
    patch: { token_hash: 'b'.repeat(64) },
  }),
  report_recipients: (v) => ({
    filter: `id=eq.${v.recipientId}`,
    insert: { shop_id: v.shopId, channel: 'email', address: 'spam@example.com', confirmed_at: '2026-01-01T00:00:00Z' },
    patch: { confirmed_at: '2026-01-01T00:00:00Z', address: 'spam@example.com' },
  }),
  deliveries: (v) => ({
    filter: `shop_id=eq.${v.shopId}`,
    insert: { shop_id: v.shopId, kind: 'test_report', local_date: '2026-01-01', channel: 'email', recipient: 'spam@example.com' },
    patch: { status: 'sent', recipient: 'spam@example.com' },
  }),
  purchase_order_lines: (v) => ({
    filter: `id=eq.${v.purchaseOrderLineId}`,
    insert: { purchase_order_id: v.purchaseOrderId, shop_id: v.shopId, product_id: v.productId, packs: 50 },
    patch: { packs: 999 },
  }),
}

const rpcAttacks: Record<string, (victim: Tenant) => Json> = {
  aal_ok: () => ({}),
  my_memberships: () => ({}),
  member_shops: () => ({ p_roles: ['owner', 'manager', 'staff'] }),
  current_shop_id: () => ({}),
  owned_shop_id: () => ({}),
  report_sales_by_person: () => ({ p_range: '30d' }),
  shop_team: () => ({}),
  invite_member: () => ({ p_email: 'planted@example.com', p_role: 'manager' }),
  revoke_invite: (v) => ({ p_id: v.inviteId }),
  my_invites: () => ({}),
  accept_invite: (v) => ({ p_id: v.inviteId }),
  lock_team_member: (v) => ({ p_user_id: v.memberId }),
  check_team_member: (v) => ({ p_user_id: v.memberId }),
  set_member_role: (v) => ({ p_user_id: v.memberId, p_role: 'manager' }),
  remove_member: (v) => ({ p_user_id: v.memberId }),
  hand_over_shop: (v) => ({ p_user_id: v.memberId }),
  adjust_stock: (v) => ({ p_product_id: v.productId, p_delta: -5, p_reason: 'sold' }),
  backend_health: () => ({}),
  confirm_whatsapp_code: (v) => ({ p_id: v.recipientId, p_code: '000000' }),
  record_opt_in_message: (v) => ({ p_id: v.recipientId, p_message_id: 'wamid.planted' }),
  set_stock: (v) => ({ p_product_id: v.productId, p_qty: 0 }),
  catalogue: () => ({}),
  dashboard: () => ({}),
  undo_stock_change: (v) => ({ p_product_id: v.productId, p_request_id: randomUUID() }),
  undo_request_id: () => ({ p_request_id: randomUUID() }),
  product_code_twins: (v) => ({ p_product_id: v.productId }),
  import_products: () => ({ p_rows: [{ sku: 'MILK', name: 'Hijacked', qty: 0 }], p_request_id: randomUUID() }),
  open_count_session: () => ({}),
  add_count_photo: (v) => ({ p_session_id: v.sessionId, p_side: 'end', p_storage_path: `${v.shopId}/${v.sessionId}/end-planted.png` }),
  set_count_side_time: (v) => ({ p_session_id: v.sessionId, p_side: 'start', p_local_time: '2020-01-01T00:00:00' }),
  claim_count_photo: (v) => ({ p_session_id: v.sessionId }),
  replace_count_photo: (v) => ({ p_photo_id: v.photoId, p_session_id: v.sessionId, p_side: 'start', p_storage_path: `${v.shopId}/${v.sessionId}/start-planted.png` }),
  remove_count_photos: (v) => ({ p_session_id: v.sessionId, p_photo_ids: [v.photoId] }),
  restore_count_photos: (v) => ({ p_removal_id: v.removalId }),
  expire_count_session: (v) => ({ p_session_id: v.sessionId }),
  count_session_plan: (v) => ({ p_session_id: v.sessionId }),
  count_session_lines: (v) => ({ p_session_id: v.confirmedSessionId }),
  count_session_review: (v) => ({ p_session_id: v.sessionId }),
  count_session_ready: (v) => ({ p_session_id: v.sessionId }),
  confirm_count_session: (v) => ({ p_session_id: v.sessionId, p_version: v.version }),
  dashboard_summary: () => ({}),
  dashboard_day_report: () => ({}),
  shop_today: () => ({}),
  shop_report: () => ({ p_from: '2020-01-01', p_to: '2030-12-31' }),
  shop_report_of: (v) => ({ p_shop_id: v.shopId, p_range: '30d' }),
  rotate_report_feed: () => ({}),
  report_figures: (v) => ({ p_shop_id: v.shopId, p_start: '2020-01-01T00:00:00Z', p_end: '2030-01-01T00:00:00Z' }),
  seed_my_demo_shop: () => ({}),
  reorder_inputs: () => ({}),
  units_on_order: () => ({}),
  reorder_inputs_of: (v) => ({ p_shop_id: v.shopId }),
  add_report_recipient: () => ({ p_channel: 'email', p_address: 'attacker-friend@example.com' }),
  resend_recipient_confirmation: (v) => ({ p_id: v.recipientId }),
  queue_test_report: () => ({}),
  report_day: () => ({ p_on: '2026-11-23', p_time: '19:00' }),
  report_due_at: () => ({ p_day: '2026-11-23', p_time: '19:00', p_tz: 'UTC' }),
  next_report_due: () => ({ p_last_day: null, p_time: '19:00', p_tz: 'UTC', p_now: '2026-11-23T00:00:00Z' }),
  link_product_supplier: (v) => ({ p_product_id: v.productId, p_supplier_id: v.supplierId, p_pack_size: 1, p_preferred: true }),
  create_purchase_order: (v) => ({ p_supplier_id: v.supplierId, p_lines: [{ product_id: v.productId, packs: 1 }] }),
  set_purchase_order_status: (v) => ({ p_purchase_order_id: v.purchaseOrderId, p_status: 'cancelled' }),
  receive_purchase_order: (v) => ({
    p_purchase_order_id: v.purchaseOrderId,
    p_lines: [{ line_id: v.purchaseOrderLineId, units: 100, received_before: 0 }],
    p_allow_over: true,
  }),
}

const bucketAttacks: Record<string, (victim: Tenant) => { victimPath: string; plantPath: string }> = {
  'product-images': (v) => ({ victimPath: v.imagePath, plantPath: `${v.shopId}/planted.png` }),
  'stock-photos': (v) => ({ victimPath: v.photoPath, plantPath: `${v.shopId}/${v.sessionId}/planted.png` }),
}

let stack: Stack
let victim: Tenant
let attacker: Tenant
let tables: string[]
let functions: string[]
let buckets: { id: string; public: boolean }[]

async function makeTenant(name: string): Promise<Tenant> {
  const user = await signUpUser(stack)
  const { data: shop } = await user.client.from('shops').insert({ name, timezone: 'Europe/London' }).select().single().throwOnError()
  const { data: product } = await user.client
    .from('products')
    .insert({ shop_id: shop.id, name: 'Milk', sku: 'MILK', barcode: '5000000000017', qty: 5 })
    .select()
    .single()
    .throwOnError()
  const { data: movement } = await user.client
    .rpc('adjust_stock', { p_product_id: product.id, p_delta: 2, p_reason: 'received' })
    .throwOnError()
  const imagePath = `${shop.id}/milk.png`
  const upload = await user.client.storage.from('product-images').upload(imagePath, new Blob([PNG], { type: 'image/png' }))
  if (upload.error) throw upload.error
  const stocktake = async () => {
    const { data: session } = await user.client.rpc('open_count_session').single<{ id: string }>().throwOnError()
    const add = async (side: 'start' | 'end', shelf = 1) => {
      const path = `${shop.id}/${session.id}/${side}-${shelf}.png`
      const upload = await user.client.storage.from('stock-photos').upload(path, new Blob([PNG], { type: 'image/png' }))
      if (upload.error) throw upload.error
      const { data: photo } = await user.client
        .rpc('add_count_photo', { p_session_id: session.id, p_side: side, p_storage_path: path, p_width: 1, p_height: 1 })
        .single<{ id: string }>()
        .throwOnError()
      await user.client.from('count_photos').update({ status: 'analysed', codes_found: 1 }).eq('id', photo.id).throwOnError()
      await user.client
        .from('count_lines')
        .insert({ session_id: session.id, shop_id: shop.id, photo_id: photo.id, product_id: product.id, count: 7, confidence: 1, analyser: 'barcode' })
        .throwOnError()
      return { photoId: photo.id, photoPath: path }
    }
    const start = await add('start')
    // A second shelf, removed: kept for Undo (its row in count_photo_removals, its file in the folder).
    const { photoId: removedId } = await add('start', 2)
    const { data: removal } = await user.client
      .rpc('remove_count_photos', { p_session_id: session.id, p_photo_ids: [removedId] })
      .single<{ id: string }>()
      .throwOnError()
    await add('end')
    const ids = { session_id: session.id, shop_id: shop.id, photo_id: start.photoId }
    const { data: unmatched } = await user.client.from('count_unmatched').insert({ ...ids, label: '123', count: 1 }).select().single().throwOnError()
    await user.client.from('count_edits').insert({ session_id: session.id, shop_id: shop.id, product_id: product.id, start_count: 7 }).throwOnError()
    const { data: review } = await user.client.rpc('count_session_review', { p_session_id: session.id }).throwOnError()
    return { sessionId: session.id, ...start, unmatchedId: unmatched.id as string, removalId: removal.id, version: (review as { version: string }).version }
  }
  const confirmed = await stocktake()
  await user.client.rpc('confirm_count_session', { p_session_id: confirmed.sessionId, p_version: confirmed.version }).throwOnError()
  const open = await stocktake()
  const { data: supplier } = await user.client.from('suppliers').insert({ shop_id: shop.id, name: 'Dairy Direct' }).select().single().throwOnError()
  await user.client
    .from('product_suppliers')
    .insert({ product_id: product.id, supplier_id: supplier.id, shop_id: shop.id, pack_size: 12, unit_cost: 0.3, preferred: true })
    .throwOnError()
  const { data: order } = await user.client
    .rpc('create_purchase_order', { p_supplier_id: supplier.id, p_lines: [{ product_id: product.id, packs: 2 }] })
    .single<{ id: string }>()
    .throwOnError()
  const { data: line } = await user.client.from('purchase_order_lines').select('id').eq('purchase_order_id', order.id).single().throwOnError()
  await user.client.rpc('rotate_report_feed').throwOnError()
  const { data: recipient } = await user.client
    .rpc('add_report_recipient', { p_channel: 'email', p_address: `friend-of-${user.email}` })
    .single<{ id: string }>()
    .throwOnError()
  await user.client.rpc('queue_test_report').throwOnError()
  const member = await signUpUser(stack)
  const { data: joinedBy } = await user.client.rpc('invite_member', { p_email: member.email, p_role: 'staff' }).throwOnError()
  await member.client.rpc('accept_invite', { p_id: joinedBy }).throwOnError()
  const { data: inviteId } = await user.client.rpc('invite_member', { p_email: `invited-${member.email}`, p_role: 'staff' }).throwOnError()
  return {
    inviteId,
    memberId: member.id,
    user,
    shopId: shop.id,
    productId: product.id,
    movementId: (movement as Json).id as string,
    imagePath,
    ...open,
    confirmedSessionId: confirmed.sessionId,
    supplierId: supplier.id as string,
    purchaseOrderId: order.id,
    purchaseOrderLineId: line.id as string,
    recipientId: recipient.id,
  }
}

async function api(token: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { apikey: PUBLISHABLE_KEY, 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  headers.prefer = 'return=representation'
  const res = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: res.status, json }
}

/** Everything the victim owns, read as superuser. */
async function victimSnapshot(): Promise<string> {
  const parts = await Promise.all(
    tables.map(async (table) => {
      const column = table === 'shops' ? 'id' : 'shop_id'
      const { rows } = await stack.db.query<{ rows: unknown }>(
        `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]') as rows from public.${table} t where ${column} = $1`,
        [victim.shopId],
      )
      return [table, rows[0]!.rows]
    }),
  )
  const { rows: objects } = await stack.db.query(
    `select bucket_id, name, metadata->>'eTag' as etag from storage.objects where name like $1 order by 1, 2`,
    [`${victim.shopId}/%`],
  )
  return JSON.stringify([parts, objects])
}

beforeAll(async () => {
  stack = await startTestStack()
  victim = await makeTenant('Victim Stores')
  attacker = await makeTenant('Attacker Mart')
  tables = (
    await stack.db.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((r) => r.tablename)
  functions = (
    await stack.db.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'execute') order by 1`,
    )
  ).rows.map((r) => r.proname)
  buckets = (await stack.db.query<{ id: string; public: boolean }>('select id, public from storage.buckets order by id')).rows
})

afterAll(async () => {
  await stack?.stop()
})

describe('every table, function and bucket is locked to its shop', () => {
  it('has RLS with policies on every public table, and nothing granted to anon', async () => {
    expect(tables.length).toBeGreaterThan(0)
    const { rows } = await stack.db.query<{ tablename: string; rls: boolean; policies: string; anon: boolean }>(
      `select c.relname as tablename, c.relrowsecurity as rls,
              (select count(*) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies,
              has_table_privilege('anon', c.oid, 'select,insert,update,delete') as anon
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
    for (const row of rows) {
      expect({ table: row.tablename, rls: row.rls, anon: row.anon }).toEqual({ table: row.tablename, rls: true, anon: false })
      expect(Number(row.policies), `policies on ${row.tablename}`).toBeGreaterThan(0)
    }
    const { rows: anonFunctions } = await stack.db.query(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')`,
    )
    expect(anonFunctions).toEqual([])
  })

  it('has an attack written for every table, function and bucket', () => {
    expect(tables.filter((t) => !tableAttacks[t])).toEqual([])
    expect(functions.filter((f) => !rpcAttacks[f])).toEqual([])
    expect(buckets.map((b) => b.id).filter((b) => !bucketAttacks[b])).toEqual([])
  })

  for (const who of ['another shop', 'the anon key'] as const) {
    const token = () => (who === 'another shop' ? attacker.user.accessToken : null)

    it(`denies ${who} reading, changing, deleting or planting rows in the victim's tables`, async () => {
      const before = await victimSnapshot()
      for (const table of tables) {
        const attack = tableAttacks[table]!(victim)
        const one = await api(token(), 'GET', `/rest/v1/${table}?select=*&${attack.filter}`)
        expect([200, 401, 403], `${table} read status`).toContain(one.status)
        if (one.status === 200) expect(one.json, `${table} read`).toEqual([])
        const all = await api(token(), 'GET', `/rest/v1/${table}?select=*`)
        if (all.status === 200) expect(JSON.stringify(all.json), `${table} read all`).not.toContain(victim.shopId)
        const patch = await api(token(), 'PATCH', `/rest/v1/${table}?${attack.filter}`, attack.patch)
        if (patch.status < 300) expect(patch.json ?? [], `${table} patch`).toEqual([])
        const del = await api(token(), 'DELETE', `/rest/v1/${table}?${attack.filter}`)
        if (del.status < 300) expect(del.json ?? [], `${table} delete`).toEqual([])
        const insert = await api(token(), 'POST', `/rest/v1/${table}`, attack.insert)
        expect(insert.status, `${table} insert`).toBeGreaterThanOrEqual(400)
        expect(insert.status, `${table} insert`).toBeLessThan(500)
      }
      expect(await victimSnapshot()).toEqual(before)
    })

    it(`denies ${who} every RPC on the victim's data`, async () => {
      const before = await victimSnapshot()
      for (const fn of functions) {
        const res = await api(token(), 'POST', `/rest/v1/rpc/${fn}`, rpcAttacks[fn]!(victim))
        expect(res.status, `${fn} must not 5xx`).toBeLessThan(500)
        expect(JSON.stringify(res.json), `${fn} must not leak the victim's rows`).not.toContain(victim.productId)
        // Figures carry no ids: the victim's ledger (a receipt and a stocktake) must count for nothing.
        if (fn === 'report_figures' && res.status === 200) expect(res.json, 'report_figures').toMatchObject({ movements: 0, received: 0 })
      }
      expect(await victimSnapshot()).toEqual(before)
    })

    it(`denies ${who} uploading, overwriting, reading privately, signing, listing or removing the victim's files`, async () => {
      const before = await victimSnapshot()
      for (const bucket of buckets) {
        const { victimPath, plantPath } = bucketAttacks[bucket.id]!(victim)
        const object = `/storage/v1/object/${bucket.id}`
        const form = () => {
          const body = new FormData()
          body.append('', new Blob([Buffer.from('not yours')], { type: 'image/png' }), 'x.png')
          return body
        }
        const auth: Record<string, string> = { apikey: PUBLISHABLE_KEY }
        if (token()) auth.authorization = `Bearer ${token()}`
        for (const [path, upsert] of [
          [plantPath, 'false'],
          [victimPath, 'true'],
        ] as const) {
          const res = await fetch(`${stack.url}${object}/${path}`, { method: 'POST', headers: { ...auth, 'x-upsert': upsert }, body: form() })
          expect(res.status, `upload ${path}`).toBe(400)
          expect(((await res.json()) as Json).statusCode).toMatch(/^4\d\d$/)
        }
        if (!bucket.public) {
          const read = await fetch(`${stack.url}${object}/${victimPath}`, { headers: auth })
          expect(read.status).toBe(400)
          const sign = await api(token(), 'POST', `/storage/v1/object/sign/${bucket.id}/${victimPath}`, { expiresIn: 60 })
          expect(sign.status).toBe(400)
        }
        const list = await api(token(), 'POST', `/storage/v1/object/list/${bucket.id}`, { prefix: victim.shopId })
        if (list.status === 200) expect(list.json).toEqual([])
        const remove = await api(token(), 'DELETE', object, { prefixes: [victimPath] })
        if (remove.status === 200) expect(remove.json).toEqual([])
      }
      expect(await victimSnapshot()).toEqual(before)
    })
  }

  it('still lets the owner do all of it (the attacks above are not failing for another reason)', async () => {
    const { client } = victim.user
    const { data: rows } = await client.from('products').select('id').throwOnError()
    expect(rows).toEqual([{ id: victim.productId }])
    const { data: days } = await client.from('stock_days').select('product_id').throwOnError()
    expect(new Set(days.map((d) => d.product_id))).toEqual(new Set([victim.productId]))
    const { data: dashboard } = await client.rpc('dashboard').throwOnError()
    expect(JSON.stringify(dashboard)).toContain(victim.productId)
    await client.rpc('adjust_stock', { p_product_id: victim.productId, p_delta: -1, p_reason: 'sold' }).throwOnError()
    const { data: product } = await client.from('products').select('qty').eq('id', victim.productId).single().throwOnError()
    expect(product).toEqual({ qty: 6 })
    const { data: files, error } = await client.storage.from('product-images').list(victim.shopId)
    expect(error).toBeNull()
    expect(files?.map((f) => f.name)).toEqual(['milk.png'])
    const { data: photos, error: photosError } = await client.storage.from('stock-photos').list(`${victim.shopId}/${victim.sessionId}`)
    expect(photosError).toBeNull()
    expect(photos?.map((f) => f.name)).toEqual(['end-1.png', 'start-1.png', 'start-2.png'])
    const { data: review } = await client.rpc('count_session_review', { p_session_id: victim.sessionId }).throwOnError()
    expect(review).toMatchObject({ lines: [{ product_id: victim.productId, start_count: 7, end_count: 7, qty_now: 6 }] })
    const { data: edits } = await client.from('count_edits').select('start_count').eq('session_id', victim.sessionId).throwOnError()
    expect(edits).toEqual([{ start_count: 7 }])
    const { data: results } = await client.from('count_results').select('qty_after').eq('session_id', victim.confirmedSessionId).throwOnError()
    expect(results).toEqual([{ qty_after: 7 }])
    const { data: lines } = await client.from('purchase_order_lines').select('qty, received').eq('id', victim.purchaseOrderLineId).throwOnError()
    expect(lines).toEqual([{ qty: 24, received: 0 }])
    await client.rpc('set_purchase_order_status', { p_purchase_order_id: victim.purchaseOrderId, p_status: 'sent' }).throwOnError()
    const { data: receipt } = await client
      .rpc('receive_purchase_order', { p_purchase_order_id: victim.purchaseOrderId, p_lines: [{ line_id: victim.purchaseOrderLineId, units: 24, received_before: 0 }] })
      .throwOnError()
    expect(receipt).toMatchObject({ status: 'received' })
    await client.rpc('restore_count_photos', { p_removal_id: victim.removalId }).throwOnError()
    const { data: restored } = await client.rpc('count_session_review', { p_session_id: victim.sessionId }).throwOnError()
    expect(restored).toMatchObject({ lines: [{ product_id: victim.productId, start_proposed: 14 }] })
  })
})
