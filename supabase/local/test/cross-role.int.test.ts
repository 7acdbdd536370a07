// Every table, view, RPC function and storage bucket, tried by each member of one shop with
// their own token through the raw HTTP API: the owner everything; a manager everything but the
// team, where the reports go and deleting the shop; staff the counter, stocktake photos and the
// review, and the catalogue without costs, margins or supplier prices (issue 26 §1).
// The rules are keyed by what the database holds: a new table, view, function or bucket without
// a rule here fails the suite. Each refusal is checked to change nothing, and the same call is
// made by a role that may, so a refusal never passes for another reason.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import { bucketAttacks, READ_COLUMNS, rpcAttacks, tableAttacks } from './tenant-attacks.ts'
import { COST, makeTenant, PNG, rawApi, shopSnapshot, SUPPLIER_COST, type Json, type Tenant } from './tenant-fixture.ts'
import { rowSeeder } from './row-seeder.ts'

type Who = 'owner' | 'manager' | 'staff'
/** Lowest first: a role refused meets the target before a role allowed uses it up. */
const WHO: Who[] = ['staff', 'manager', 'owner']
const ALL: Who[] = ['owner', 'manager', 'staff']
const RUNS: Who[] = ['owner', 'manager']
const OWNER: Who[] = ['owner']
const NOBODY: Who[] = []

// A cost, a supplier's price or a figure made of them, in anything staff are answered.
const figure = (n: number) => String(n).replace('.', '\\.')
const LEAKS = new RegExp(`(?<![\\d.])(${figure(COST)}|${figure(SUPPLIER_COST)})(?!\\d)|unit_cost|cogs|margin`)

// What each role may do to each table and view: read every column (all), the columns of
// READ_COLUMNS with `select=*` refused (some), or no row (none); then i(nsert), u(pdate), d(elete).
// Deleting the shop: the owner's alone, shown by its own test below (here it would take the fixture
// with it); where the reports go: below too.
const tableRights: Record<string, Record<Who, string>> = {
  shops: { owner: 'all iu', manager: 'all u', staff: 'all' },
  shop_members: { owner: 'all', manager: 'all', staff: 'all' },
  shop_people: { owner: 'all', manager: 'all', staff: 'all' },
  shop_changes: { owner: 'all', manager: 'all', staff: 'none' },
  shop_invites: { owner: 'all', manager: 'none', staff: 'none' },
  products: { owner: 'some iud', manager: 'some iud', staff: 'some' },
  product_costs: { owner: 'all', manager: 'all', staff: 'none' },
  stock_movements: { owner: 'all', manager: 'all', staff: 'all' },
  stock_days: { owner: 'all', manager: 'all', staff: 'all' },
  product_sales_stats: { owner: 'all', manager: 'all', staff: 'none' },
  sales_stats_days: { owner: 'all', manager: 'all', staff: 'none' },
  count_sessions: { owner: 'all ud', manager: 'all ud', staff: 'all u' },
  count_photos: { owner: 'all ud', manager: 'all ud', staff: 'all ud' },
  count_edits: { owner: 'all iud', manager: 'all iud', staff: 'all iud' },
  count_lines: { owner: 'all id', manager: 'all id', staff: 'all id' },
  count_unmatched: { owner: 'all id', manager: 'all id', staff: 'all id' },
  count_photo_removals: { owner: 'all d', manager: 'all d', staff: 'all d' },
  count_results: { owner: 'all', manager: 'all', staff: 'all' },
  suppliers: { owner: 'all iud', manager: 'all iud', staff: 'none' },
  product_suppliers: { owner: 'all iud', manager: 'all iud', staff: 'none' },
  purchase_orders: { owner: 'all ud', manager: 'all ud', staff: 'none' },
  purchase_order_lines: { owner: 'all iud', manager: 'all iud', staff: 'none' },
  report_feeds: { owner: 'some', manager: 'none', staff: 'none' },
  report_recipients: { owner: 'some d', manager: 'none', staff: 'none' },
  deliveries: { owner: 'all', manager: 'none', staff: 'none' },
}

/** Settings of the shop only its owner changes: where and when the reports go, who confirms, two-factor for managers. */
const OWNER_SETTINGS: Json[] = [
  { report_time: '07:00' },
  { email_report: false },
  { low_stock_digest: false },
  { whatsapp_report: true },
  { sheets_feed: false },
  { owner_email: false },
  { staff_can_confirm: true },
  { managers_need_2fa: true },
]

interface RpcRule {
  may: Who[]
  /** the call for this caller, where the cross-shop attack's would not do (made afresh when the call uses its target up) */
  args?: (who: Who) => Json | Promise<Json>
  /** answers about the caller alone, and may answer nothing */
  quiet?: true
  /** what it answers a caller it refuses, where that is not an error, null, false or empty */
  refusal?: unknown
  /** puts back what the owner's call changed */
  undo?: () => Promise<void>
}

let stack: Stack
let t: Tenant
let api: ReturnType<typeof rawApi>
let seed: Awaited<ReturnType<typeof rowSeeder>>
let relations: string[]
let tables: string[]
let functions: string[]
let buckets: string[]
let whatsappId: string

const token = (who: Who) => ({ owner: t.user, manager: t.manager, staff: t.staff })[who].accessToken
const call = (who: Who, fn: string, args: Json = {}) => api(token(who), 'POST', `/rest/v1/rpc/${fn}`, args)
const snapshot = () => shopSnapshot(stack, tables, t.shopId)
const rank = (who: Who) => WHO.indexOf(who)

/** null, false, '' and arrays or objects of nothing else: a refusal that answers. */
const isEmpty = (value: unknown): boolean =>
  value === null || value === false || value === '' || (typeof value === 'object' && Object.values(value as object).every(isEmpty))

/** A stocktake ready to confirm (both sides counted), with its review's version. */
async function readySession(): Promise<Json> {
  const session = await seed.session()
  for (const side of ['start', 'end']) {
    const photo = await seed.photo(session, side, 'analysed')
    await seed.row('count_lines', { photo_id: photo, session_id: session, shop_id: t.shopId, product_id: t.productId, count: 4, confidence: 1, analyser: 'barcode' })
  }
  const review = await call('owner', 'count_session_review', { p_session_id: session })
  return { p_session_id: session, p_version: (review.json as { version: string }).version }
}

/** A purchase order for one pack of milk, sent when asked. */
async function order(sent: boolean) {
  const { json } = await call('owner', 'create_purchase_order', { p_supplier_id: t.supplierId, p_lines: [{ product_id: t.productId, packs: 1 }] })
  const id = (json as { id: string }).id
  if (sent) await call('owner', 'set_purchase_order_status', { p_purchase_order_id: id, p_status: 'sent' })
  const { rows } = await stack.db.query<{ id: string }>('select id from public.purchase_order_lines where purchase_order_id = $1', [id])
  return { id, lineId: rows[0]!.id }
}

const rpcRules: Record<string, RpcRule> = {
  // about the caller, or no shop's data at all
  aal_ok: { may: ALL },
  my_memberships: { may: ALL },
  my_shops: { may: ALL },
  member_shops: { may: ALL },
  my_shop_ids: { may: ALL },
  current_shop_id: { may: ALL },
  my_invites: { may: ALL, quiet: true },
  sync_my_name: { may: ALL, quiet: true },
  backend_health: { may: ALL },
  undo_request_id: { may: ALL },
  report_day: { may: ALL },
  report_due_at: { may: ALL },
  next_report_due: { may: ALL },
  // the counter
  catalogue: { may: ALL },
  product_code_twins: { may: ALL, quiet: true },
  adjust_stock: { may: ALL, args: () => ({ p_product_id: t.productId, p_delta: 1, p_reason: 'received', p_request_id: randomUUID() }) },
  // a count correction is what confirming a stocktake books: staff only where the owner lets them confirm
  set_stock: { may: RUNS, args: (who) => ({ p_product_id: t.productId, p_qty: 20 + rank(who) }) },
  undo_stock_change: {
    may: ALL,
    args: async (who) => {
      const request = randomUUID()
      await call(who, 'adjust_stock', { p_product_id: t.productId, p_delta: -1, p_reason: 'sold', p_request_id: request })
      return { p_product_id: t.productId, p_request_id: request }
    },
  },
  // stocktake photos and the review
  open_count_session: { may: ALL },
  add_count_photo: { may: ALL, args: (who) => ({ p_session_id: t.sessionId, p_side: 'end', p_storage_path: `${t.shopId}/${t.sessionId}/end-${who}.png` }) },
  set_count_side_time: { may: ALL, args: () => ({ p_session_id: t.sessionId, p_side: 'end', p_local_time: null }) },
  claim_count_photo: {
    may: ALL,
    args: async () => {
      const session = await seed.session()
      await seed.photo(session, 'start', 'pending')
      return { p_session_id: session }
    },
  },
  replace_count_photo: {
    may: ALL,
    args: async (who) => {
      const session = await seed.session()
      const photo = await seed.photo(session, 'start', 'analysed')
      return { p_photo_id: photo, p_session_id: session, p_side: 'start', p_storage_path: `${t.shopId}/${session}/start-${who}.png` }
    },
  },
  remove_count_photos: {
    may: ALL,
    args: async () => {
      const session = await seed.session()
      return { p_session_id: session, p_photo_ids: [await seed.photo(session, 'start', 'analysed')] }
    },
  },
  restore_count_photos: {
    may: ALL,
    args: async () => {
      const session = await seed.session()
      const photo = await seed.photo(session, 'start', 'analysed')
      const { json } = await call('owner', 'remove_count_photos', { p_session_id: session, p_photo_ids: [photo] })
      return { p_removal_id: (json as { id: string }).id }
    },
  },
  expire_count_session: { may: ALL, args: async () => ({ p_session_id: await seed.session('8 days') }) },
  count_session_plan: { may: ALL },
  count_session_lines: { may: ALL },
  count_session_review: { may: ALL },
  count_session_ready: { may: ALL, args: () => ({ p_session_id: t.confirmedSessionId }) },
  // staff confirm only where the owner lets them (below)
  confirm_count_session: { may: RUNS, args: readySession },
  // reports, costs and the figures made of them
  dashboard: { may: RUNS },
  dashboard_summary: { may: RUNS },
  dashboard_day_report: { may: RUNS },
  shop_today: { may: RUNS },
  shop_report: { may: RUNS, args: () => ({ p_range: '30d' }) },
  shop_report_of: { may: RUNS },
  report_figures: { may: RUNS },
  report_people: { may: RUNS },
  reorder_inputs: { may: RUNS },
  reorder_inputs_of: { may: RUNS },
  fresh_sales_stats: { may: RUNS },
  units_on_order: { may: RUNS },
  sees_costs: { may: RUNS },
  corrects_counts: { may: RUNS },
  // the catalogue's changes, suppliers and purchase orders
  import_products: { may: RUNS, args: (who) => ({ p_rows: [{ sku: `OAT-${who}`, name: 'Oat Milk', qty: 3 }], p_request_id: randomUUID() }) },
  link_product_supplier: {
    may: RUNS,
    args: (who) => ({ p_product_id: t.productId, p_supplier_id: t.supplierId, p_pack_size: 6 + rank(who), p_unit_cost: SUPPLIER_COST, p_preferred: true }),
  },
  create_purchase_order: { may: RUNS },
  order_suggestions: { may: RUNS },
  set_purchase_order_status: { may: RUNS, args: async () => ({ p_purchase_order_id: (await order(false)).id, p_status: 'sent' }) },
  update_purchase_order_draft: {
    may: RUNS,
    args: async () => {
      const { id, lineId } = await order(false)
      return { p_purchase_order_id: id, p_lines: [{ id: lineId, packs: 2 }] }
    },
  },
  receive_purchase_order: {
    may: RUNS,
    args: async () => {
      const { id, lineId } = await order(true)
      return { p_purchase_order_id: id, p_lines: [{ line_id: lineId, units: 1, received_before: 0 }] }
    },
  },
  // where the reports go
  rotate_report_feed: { may: OWNER },
  add_report_recipient: { may: OWNER },
  resend_recipient_confirmation: { may: OWNER },
  queue_test_report: { may: OWNER },
  confirm_whatsapp_code: { may: OWNER, args: () => ({ p_id: whatsappId, p_code: '000000' }), refusal: 'unknown' },
  record_opt_in_message: { may: OWNER, args: () => ({ p_id: whatsappId, p_message_id: 'wamid.role-sweep' }) },
  // the team
  owned_shop_id: { may: OWNER },
  shop_files: { may: OWNER },
  shop_team: { may: OWNER },
  invite_member: { may: OWNER },
  revoke_invite: { may: OWNER },
  lock_team_member: { may: OWNER },
  check_team_member: { may: OWNER, quiet: true },
  set_member_role: { may: OWNER, args: async () => ({ p_user_id: await seed.member(), p_role: 'manager' }) },
  remove_member: { may: OWNER, args: async () => ({ p_user_id: await seed.member() }) },
  hand_over_shop: { may: OWNER, args: async () => ({ p_user_id: await seed.member() }), undo: () => seed.ownedBy(t.user.id) },
  // an invitation is taken by its own address (shop-team.int.test.ts), the demo shop by an anonymous visitor
  accept_invite: { may: NOBODY },
  seed_my_demo_shop: { may: NOBODY },
}

// What each role may do with each bucket's files (read: download, sign, list).
const bucketRights: Record<string, Record<Who, string>> = {
  'product-images': { owner: 'read upload replace remove', manager: 'read upload replace remove', staff: 'read' },
  // a stocktake's photos are never replaced in place: a new photo is a new file
  'stock-photos': { owner: 'read upload remove', manager: 'read upload remove', staff: 'read upload remove' },
}

beforeAll(async () => {
  stack = await startTestStack()
  api = rawApi(stack)
  t = await makeTenant(stack, 'Corner Stores')
  seed = await rowSeeder(stack, t)
  const names = async (sql: string) => (await stack.db.query<{ name: string }>(sql)).rows.map((r) => r.name)
  const publicRelations = `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`
  relations = await names(`${publicRelations} and c.relkind in ('r', 'p', 'v', 'm') order by 1`)
  tables = await names(`${publicRelations} and c.relkind in ('r', 'p') order by 1`)
  functions = await names(
    `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'execute') order by 1`,
  )
  buckets = await names('select id as name from storage.buckets order by 1')
  // A day of trade: a sale at the counter by staff; a WhatsApp number waiting for its code; the
  // test report and the confirmation sent an hour ago, so the owner may send them again.
  await call('staff', 'adjust_stock', { p_product_id: t.productId, p_delta: -1, p_reason: 'sold', p_request_id: randomUUID() })
  whatsappId = ((await call('owner', 'add_report_recipient', { p_channel: 'whatsapp', p_address: '+447700900123' })).json as Json[])[0]!.id as string
  await stack.db.query(`update public.deliveries set created_at = now() - interval '1 hour' where shop_id = $1`, [t.shopId])
  await stack.db.query(`update public.report_recipients set confirm_sent_at = now() - interval '1 hour' where shop_id = $1`, [t.shopId])
})

afterAll(async () => {
  await stack?.stop()
})

// Soft assertions in the sweeps: one run lists every rule the database breaks, not only the first.
describe('each member of a shop reaches what their role allows, and nothing more', () => {
  it('has a rule for every table, view, function and bucket, and none for what is gone', () => {
    const missing = (names: string[], rules: object) => names.filter((name) => !(name in rules))
    expect({
      tables: missing(relations, tableRights),
      functions: missing(functions, rpcRules),
      buckets: missing(buckets, bucketRights),
      attacks: [...missing(relations, tableAttacks), ...missing(functions, rpcAttacks)],
      gone: [...Object.keys(tableRights), ...Object.keys(rpcRules), ...Object.keys(bucketRights)].filter(
        (name) => ![...relations, ...functions, ...buckets].includes(name),
      ),
    }).toEqual({ tables: [], functions: [], buckets: [], attacks: [], gone: [] })
  })

  it('reads, inserts, updates and deletes table rows as each role may, through the REST API', async () => {
    for (const relation of relations.filter((r) => tableRights[r] && tableAttacks[r])) {
      for (const who of WHO) {
        const [read, writes = ''] = tableRights[relation]![who].split(' ')
        const ownerWrites = tableRights[relation]!.owner.split(' ')[1] ?? ''
        const attack = tableAttacks[relation]!(t)
        const columns = READ_COLUMNS[relation] ?? '*'
        const at = `${relation} as ${who}`
        /** A refusal: no row touched (RLS), or, where the owner may, refused for want of the right (42501). */
        const refused = async (res: { status: number; json: unknown }, op: string, before: Json) => {
          expect.soft(res.status, `${at}: ${op}`).toBeLessThan(500)
          if (res.status < 300) expect.soft(res.json ?? [], `${at}: ${op}`).toEqual([])
          else if (ownerWrites.includes(op)) expect.soft([res.status, (res.json as Json).code], `${at}: ${op}`).toEqual([403, '42501'])
          else expect.soft(res.status, `${at}: ${op}`).toBeGreaterThanOrEqual(400)
          expect.soft(await snapshot(), `${at}: ${op} changed nothing`).toEqual(before)
        }

        const rows = await api(token(who), 'GET', `/rest/v1/${relation}?select=${columns}&${attack.filter}`)
        expect.soft(rows.status, `${at}: read`).toBe(200)
        expect.soft((rows.json as unknown[]).length > 0, `${at}: read ${read}`).toBe(read !== 'none')
        const star = await api(token(who), 'GET', `/rest/v1/${relation}?select=*&${attack.filter}`)
        if (read === 'all') expect.soft([star.status, (star.json as unknown[]).length > 0], `${at}: select=*`).toEqual([200, true])
        if (read === 'some') expect.soft([star.status, (star.json as Json).code], `${at}: select=*`).toEqual([403, '42501'])
        if (who === 'staff') expect.soft(JSON.stringify([rows.json, star.json]), `${at}: a cost`).not.toMatch(LEAKS)

        let before = await snapshot()
        const original = await seed.rowsWhere(relation, attack.filter)
        const patch = await api(token(who), 'PATCH', `/rest/v1/${relation}?select=${columns}&${attack.filter}`, attack.patch)
        if (writes.includes('u')) {
          expect.soft([patch.status, (patch.json as unknown[]).length], `${at}: update`).toEqual([200, Math.max(original.length, 1)])
          await seed.restore(relation, original)
        } else await refused(patch, 'u', before)

        before = await snapshot()
        const insert = await api(token(who), 'POST', `/rest/v1/${relation}?select=${columns}`, attack.insert)
        if (writes.includes('i')) {
          expect.soft(insert.status, `${at}: insert ${JSON.stringify(insert.json)}`).toBe(201)
          if (insert.status === 201) await seed.remove(relation, (insert.json as Json[])[0]!)
        } else await refused(insert, 'i', before)

        if (relation === 'shops' && who === 'owner') continue
        if (writes.includes('d')) {
          const planted = await seed.row(relation, tableAttacks[relation]!(t).insert)
          const del = await api(token(who), 'DELETE', `/rest/v1/${relation}?select=${columns}&${seed.keyFilter(relation, planted)}`)
          expect.soft([del.status, (del.json as unknown[]).length], `${at}: delete`).toEqual([200, 1])
          expect.soft(await seed.rowsWhere(relation, seed.keyFilter(relation, planted)), `${at}: deleted`).toEqual([])
        } else {
          before = await snapshot()
          await refused(await api(token(who), 'DELETE', `/rest/v1/${relation}?select=${columns}&${attack.filter}`), 'd', before)
        }
      }
    }
  })

  it('lets only the owner change where and when the reports go, who confirms and two-factor for managers', async () => {
    const original = await seed.rowsWhere('shops', `id=eq.${t.shopId}`)
    for (const setting of OWNER_SETTINGS) {
      for (const who of WHO) {
        const before = await snapshot()
        const res = await api(token(who), 'PATCH', `/rest/v1/shops?select=id&id=eq.${t.shopId}`, setting)
        const at = `${JSON.stringify(setting)} as ${who}`
        if (who === 'owner') {
          expect.soft([res.status, res.json], at).toEqual([200, [{ id: t.shopId }]])
          await seed.restore('shops', original)
        } else {
          // the manager by the delivery guard (42501), staff by RLS (no row)
          expect.soft([res.status, who === 'manager' ? (res.json as Json).code : res.json], at).toEqual(who === 'manager' ? [403, '42501'] : [200, []])
          expect.soft(await snapshot(), at).toEqual(before)
        }
      }
    }
  })

  it('answers each role the RPC functions it may call, refuses the rest, and answers staff no cost', async () => {
    for (const fn of functions.filter((f) => rpcRules[f])) {
      const rule = rpcRules[fn]!
      for (const who of WHO) {
        const at = `${fn} as ${who}`
        const args = rule.args ? await rule.args(who) : rpcAttacks[fn]!(t)
        const before = await snapshot()
        const res = await call(who, fn, args)
        const after = await snapshot()
        expect.soft(res.status, `${at}: ${JSON.stringify(res.json)}`).toBeLessThan(500)
        if (who === 'staff') expect.soft(JSON.stringify(res.json), `${at}: a cost`).not.toMatch(LEAKS)
        if (rule.may.includes(who)) {
          expect.soft(res.status, `${at}: ${JSON.stringify(res.json)}`).toBeLessThan(300)
          if (!rule.quiet) expect.soft(!isEmpty(res.json) || JSON.stringify(after) !== JSON.stringify(before), `${at}: answered or did something`).toBe(true)
          if (who === 'owner') await rule.undo?.()
        } else {
          const answered = res.status < 300 && !isEmpty(res.json) && JSON.stringify(res.json) !== JSON.stringify(rule.refusal)
          expect.soft(answered, `${at}: refused, not ${JSON.stringify(res.json)}`).toBe(false)
          expect.soft(after, `${at}: changed nothing`).toEqual(before)
        }
      }
    }
  })

  it('lets only the owner delete the shop, and everything in it goes with it', async () => {
    const closing = await makeTenant(stack, 'Closing Stores')
    const as = (user: { accessToken: string }) => api(user.accessToken, 'DELETE', `/rest/v1/shops?select=id&id=eq.${closing.shopId}`)
    const before = await shopSnapshot(stack, tables, closing.shopId)
    for (const member of [closing.manager, closing.staff]) expect(await as(member)).toEqual({ status: 200, json: [] })
    expect(await shopSnapshot(stack, tables, closing.shopId)).toEqual(before)
    const files = await api(closing.user.accessToken, 'POST', '/rest/v1/rpc/shop_files', {})
    // its owner is told every file of the shop (the snapshot reads them as superuser), a member nothing
    const stored = (before['storage.objects'] as string[][]).map(([bucket, name]) => [bucket, name])
    expect([stored.length > 1, (files.json as Json[]).map((file) => [file.bucket_id, file.name])]).toEqual([true, stored])
    expect((await api(closing.manager.accessToken, 'POST', '/rest/v1/rpc/shop_files', {})).json).toEqual([])
    expect(await as(closing.user)).toEqual({ status: 200, json: [{ id: closing.shopId }] })
    const after = await shopSnapshot(stack, tables, closing.shopId)
    // the rows all go; the files the app removes through the Storage API (lib/actions/delete-shop.ts)
    expect(Object.entries(after).filter(([table, rows]) => table !== 'storage.objects' && (rows as unknown[]).length)).toEqual([])
  })

  it('lets staff confirm a stocktake, or correct a count, once the owner allows it, and only then', async () => {
    const args = await readySession()
    const refused = await call('staff', 'confirm_count_session', args)
    expect([refused.status, (refused.json as Json).message]).toEqual([403, 'Confirming needs the owner or a manager'])
    const corrections = () => [
      call('staff', 'set_stock', { p_product_id: t.productId, p_qty: 40 }),
      call('staff', 'adjust_stock', { p_product_id: t.productId, p_delta: 2, p_reason: 'count_correction', p_request_id: randomUUID() }),
    ]
    const before = await snapshot()
    for (const res of await Promise.all(corrections())) {
      expect([res.status, (res.json as Json).message]).toEqual([403, 'Correcting a count needs the owner or a manager'])
    }
    expect(await snapshot()).toEqual(before)
    expect((await api(token('owner'), 'PATCH', `/rest/v1/shops?select=id&id=eq.${t.shopId}`, { staff_can_confirm: true })).json).toEqual([{ id: t.shopId }])
    const confirmed = await call('staff', 'confirm_count_session', args)
    expect([confirmed.status, confirmed.json]).toEqual([200, expect.objectContaining({ already_confirmed: false })])
    for (const res of await Promise.all(corrections())) expect(res.status).toBe(200)
    // what staff book whatever the owner allows: damaged stock
    const damaged = await call('staff', 'adjust_stock', { p_product_id: t.productId, p_delta: -1, p_reason: 'damaged', p_request_id: randomUUID() })
    expect([damaged.status, (damaged.json as Json).qty_after]).toEqual([200, expect.any(Number)])
    expect((await api(token('owner'), 'PATCH', `/rest/v1/shops?select=id&id=eq.${t.shopId}`, { staff_can_confirm: false })).json).toEqual([{ id: t.shopId }])
  })

  it('uploads, replaces, reads, signs, lists and removes files as each role may, through the Storage API', async () => {
    for (const bucket of buckets.filter((b) => bucketRights[b])) {
      const { victimPath } = bucketAttacks[bucket]!(t)
      const folder = victimPath.slice(0, victimPath.lastIndexOf('/'))
      const object = `${stack.url}/storage/v1/object`
      for (const who of WHO) {
        const may = bucketRights[bucket]![who].split(' ')
        const at = `${bucket} as ${who}`
        const headers = { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${token(who)}` }
        const send = (path: string, upsert: boolean) => {
          const body = new FormData()
          body.append('', new Blob([PNG, Buffer.from(who)], { type: 'image/png' }), 'shelf.png')
          return fetch(`${object}/${bucket}/${path}`, { method: 'POST', headers: { ...headers, 'x-upsert': String(upsert) }, body })
        }
        const expectAllowed = async (res: Response, op: string, allowed: boolean, before: Json) => {
          const body = await res.json()
          if (allowed) return expect.soft(res.status, `${at}: ${op} ${JSON.stringify(body)}`).toBe(200)
          expect.soft([res.status, (body as Json).statusCode], `${at}: ${op}`).toEqual([400, '403'])
          expect.soft(await snapshot(), `${at}: ${op} changed nothing`).toEqual(before)
        }

        const read = await fetch(`${object}/authenticated/${bucket}/${victimPath}`, { headers })
        expect.soft(read.status, `${at}: download`).toBe(may.includes('read') ? 200 : 400)
        const sign = await api(token(who), 'POST', `/storage/v1/object/sign/${bucket}/${victimPath}`, { expiresIn: 60 })
        expect.soft(sign.status, `${at}: sign`).toBe(may.includes('read') ? 200 : 400)
        const list = await api(token(who), 'POST', `/storage/v1/object/list/${bucket}`, { prefix: folder })
        expect.soft([list.status, (list.json as unknown[]).length > 0], `${at}: list`).toEqual([200, may.includes('read')])

        const planted = `${folder}/${bucket === 'stock-photos' ? 'end' : 'shelf'}-${who}.png`
        let before = await snapshot()
        await expectAllowed(await send(planted, false), 'upload', may.includes('upload'), before)
        before = await snapshot()
        await expectAllowed(await send(victimPath, true), 'replace', may.includes('replace'), before)

        const gone = `${folder}/gone-${who}.png`
        if (may.includes('remove')) {
          expect.soft((await send(gone, false)).status, `${at}: a file to remove`).toBe(200)
          const remove = await api(token(who), 'DELETE', `/storage/v1/object/${bucket}`, { prefixes: [gone] })
          expect.soft([remove.status, (remove.json as unknown[]).length], `${at}: remove`).toEqual([200, 1])
        } else {
          before = await snapshot()
          const remove = await api(token(who), 'DELETE', `/storage/v1/object/${bucket}`, { prefixes: [victimPath] })
          expect.soft([remove.status, remove.json], `${at}: remove`).toEqual([200, []])
          expect.soft(await snapshot(), `${at}: remove changed nothing`).toEqual(before)
        }
        if (may.includes('upload')) await api(token('owner'), 'DELETE', `/storage/v1/object/${bucket}`, { prefixes: [planted] })
      }
    }
  })
})
