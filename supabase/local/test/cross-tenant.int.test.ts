// Attacks every table, RPC function and storage bucket of supabase/migrations
// from another shop's account and from the anon key, through the raw HTTP API.
// The lists of attacks are keyed by what the database holds: a new table,
// function or bucket without an entry here fails the suite until someone
// writes its attack (and, by then, its policies).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import { bucketAttacks, READ_COLUMNS, rpcAttacks, tableAttacks } from './tenant-attacks.ts'
import { makeTenant, rawApi, shopSnapshot, type Json, type Tenant } from './tenant-fixture.ts'

let stack: Stack
let victim: Tenant
let attacker: Tenant
let tables: string[]
let functions: string[]
let buckets: { id: string; public: boolean }[]
let api: ReturnType<typeof rawApi>
const victimSnapshot = () => shopSnapshot(stack, tables, victim.shopId)

beforeAll(async () => {
  stack = await startTestStack()
  api = rawApi(stack)
  victim = await makeTenant(stack, 'Victim Stores')
  attacker = await makeTenant(stack, 'Attacker Mart')
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
        const columns = READ_COLUMNS[table] ?? '*'
        const one = await api(token(), 'GET', `/rest/v1/${table}?select=${columns}&${attack.filter}`)
        expect([200, 401, 403], `${table} read status`).toContain(one.status)
        if (one.status === 200) expect(one.json, `${table} read`).toEqual([])
        const all = await api(token(), 'GET', `/rest/v1/${table}?select=${columns}`)
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
        // Figures carry no ids: the victim's ledger (a receipt and a stocktake) must not be answered at all.
        if (token() && ['report_figures', 'sees_costs', 'corrects_counts'].includes(fn)) expect([res.status, res.json], fn).toEqual([200, fn === 'report_figures' ? null : false])
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
    const { data: rows } = await client.from('products').select('id').order('name').throwOnError()
    expect(rows).toEqual([{ id: victim.breadId }, { id: victim.productId }])
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
