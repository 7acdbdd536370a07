import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import { OWNER_A, restClient, REST_MIGRATIONS, userToken } from './rest-helpers.ts'

let stack: Stack
let anon: SupabaseClient
let ownerA: SupabaseClient

beforeAll(async () => {
  stack = await startTestStack({ migrationsDir: REST_MIGRATIONS })
  anon = restClient(stack)
  ownerA = restClient(stack, { token: await userToken(stack, OWNER_A) })
})

afterAll(async () => {
  await stack?.stop()
})

describe('rpc results', () => {
  it('returns scalars, with defaults and over GET', async () => {
    expect((await anon.rpc('add_numbers', { a: 1 })).data).toBe(11)
    expect((await anon.rpc('add_numbers', { a: 1, b: 2 })).data).toBe(3)
    const get = await anon.rpc('add_numbers', { a: 5, b: 6 }, { get: true })
    expect([get.status, get.data]).toEqual([200, 11])
  })

  it('returns sets of rows under RLS, filterable, orderable and embeddable', async () => {
    const asAnon = await anon.rpc('items_cheaper_than', { max_price: 15 }).select('id, name')
    expect(asAnon.data).toEqual([{ id: 1, name: 'Hammer' }])
    const asOwner = await ownerA
      .rpc('items_cheaper_than', { max_price: 15 })
      .select('id, category:categories(name)')
      .order('id', { ascending: false })
    expect(asOwner.data).toEqual([
      { id: 4, category: null },
      { id: 1, category: { name: 'Tools' } },
    ])
    const filtered = await ownerA.rpc('items_cheaper_than', { max_price: 100 }, { count: 'exact' }).select('id').gt('price', 10).order('id')
    expect([filtered.data, filtered.count]).toEqual([[{ id: 1 }, { id: 2 }], 2])
    const viaGet = await anon.rpc('items_cheaper_than', { max_price: 100 }, { get: true }).select('name').eq('name', 'Saw')
    expect(viaGet.data).toEqual([{ name: 'Saw' }])
  })

  it('returns sets of scalars as arrays, single composites as objects, JSON as JSON', async () => {
    expect((await anon.rpc('item_names')).data).toEqual(['Hammer', 'Saw', 'Rake'])
    expect((await anon.rpc('item_stats')).data).toEqual({ total: 3, max_price: 20 })
    expect((await anon.rpc('echo_json', { x: [1, 2], y: null })).data).toEqual({ x: [1, 2], y: null })
    expect((await anon.rpc('whoami', {}, { get: true })).data).toEqual({ uid: null, role: 'anon', method: 'GET' })
    expect((await ownerA.rpc('whoami')).data).toEqual({ uid: OWNER_A, role: 'authenticated', method: 'POST' })
  })

  it('answers 204 for void functions', async () => {
    const { data, error, status } = await anon.rpc('touch')
    expect([data, error, status]).toEqual([null, null, 204])
  })

  it('runs volatile functions read-write as the caller, and refuses them over GET', async () => {
    const created = await ownerA.rpc('create_item', { item_name: 'From rpc', item_price: 2 }).select('name, price, owner_id').single()
    expect(created.data).toEqual({ name: 'From rpc', price: 2, owner_id: OWNER_A })
    const viaGet = await ownerA.rpc('create_item', { item_name: 'Via GET' }, { get: true })
    expect([viaGet.status, viaGet.error?.code]).toEqual([405, '25006'])
    const denied = await anon.rpc('create_item', { item_name: 'Anon' })
    expect(denied.status).toBe(401)
    expect(denied.error).toMatchObject({ code: '42501', message: 'permission denied for function create_item' })
    const { rows } = await stack.db.query(`select name from items where name in ('From rpc', 'Via GET', 'Anon')`)
    expect(rows).toEqual([{ name: 'From rpc' }])
  })
})

describe('rpc errors', () => {
  it('passes raised errors through with their SQLSTATE, detail and hint', async () => {
    const plain = await anon.rpc('fail_with', { message: 'nope' })
    expect(plain.status).toBe(400)
    expect(plain.error).toMatchObject({ code: 'P0001', message: 'nope', details: 'some detail', hint: 'some hint' })
    const custom = await anon.rpc('fail_with', { message: 'teapot', state: 'PT418' })
    expect([custom.status, custom.error?.message]).toEqual([418, 'teapot'])
  })

  it('answers 404 PGRST202 for unknown functions and arguments', async () => {
    const unknown = await anon.rpc('no_such_function')
    expect(unknown.status).toBe(404)
    expect(unknown.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.no_such_function without parameters in the schema cache' })
    const badArg = await anon.rpc('add_numbers', { a: 1, c: 2 })
    expect(badArg.status).toBe(404)
    expect(badArg.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.add_numbers(a, c) in the schema cache' })
    const missing = await anon.rpc('add_numbers', { b: 1 })
    expect([missing.status, missing.error?.code]).toEqual([404, 'PGRST202'])
  })

  it('lets Postgres coerce arguments: a bad number is 22P02 / 400', async () => {
    const { status, error } = await anon.rpc('add_numbers', { a: 'one' })
    expect([status, error?.code]).toEqual([400, '22P02'])
  })
})
