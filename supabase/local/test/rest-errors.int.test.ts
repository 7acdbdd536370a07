import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signHs256 } from '../tokens.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import { OWNER_A, rawRest, REST_MIGRATIONS, signUpRestUser, userToken } from './rest-helpers.ts'

let stack: Stack
let snapshot: string
let tokenA: string

/** Every fixture table, as superuser: bad requests must leave it exactly as it was. */
async function dataSnapshot(): Promise<string> {
  const { rows } = await stack.db.query<{ s: string }>(
    `select json_build_array(
       (select json_agg(i order by id) from items i), (select json_agg(c order by id) from categories c),
       (select json_agg(r order by id) from reviews r), (select json_agg(p order by id) from people p)
     )::text as s`,
  )
  return rows[0]!.s
}

beforeAll(async () => {
  stack = await startTestStack({ migrationsDir: REST_MIGRATIONS, config: { maxBodyBytes: 64 * 1024 } })
  snapshot = await dataSnapshot()
  tokenA = await userToken(stack, OWNER_A)
})

afterAll(async () => {
  await stack?.stop()
})

const asUserA = () => ({ authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' })

function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(res.body).toMatchObject({ code })
  expect(Object.keys(res.body as object).sort()).toEqual(['code', 'details', 'hint', 'message'])
}

describe('unknown names', () => {
  it('answers 404 PGRST205 for unknown tables, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      const res = await rawRest(stack, '/nope', { method, headers: asUserA(), body: method === 'GET' ? undefined : '{}' })
      expectError(res, 404, 'PGRST205')
      expect((res.body as { message: string }).message).toBe("Could not find the table 'public.nope' in the schema cache")
    }
  })

  it('answers 400 for unknown columns in select, filters and order', async () => {
    for (const query of ['select=nope', 'nope=eq.1', 'order=nope', 'select=id,categories(nope)', 'or=(nope.eq.1)']) {
      expectError(await rawRest(stack, `/items?${query}`), 400, '42703')
    }
  })

  it('answers 405 for unsupported methods and 406 for unsupported media types', async () => {
    expectError(await rawRest(stack, '/items', { method: 'PUT', headers: asUserA(), body: '{}' }), 405, 'PGRST117')
    expectError(await rawRest(stack, '/items', { headers: { accept: 'text/csv' } }), 406, 'PGRST107')
  })
})

describe('injection attempts', () => {
  const attempts: [string, string, RequestInit, number, string][] = [
    ['order', '/items?order=id;drop table items', {}, 400, '42703'],
    ['order direction', '/items?order=id.desc;drop table items', {}, 400, 'PGRST100'],
    ['select subquery', '/items?select=id,(select 1)', {}, 400, 'PGRST100'],
    ['select cast', '/items?select=id::text;drop table items', {}, 400, 'PGRST100'],
    ['select column', '/items?select=id;drop table items', {}, 400, '42703'],
    ['select alias', `/items?select=${encodeURIComponent('x"; drop table items; --:id')}`, {}, 400, 'PGRST100'],
    ['filter column', `/items?${encodeURIComponent('id;delete from items')}=eq.1`, {}, 400, '42703'],
    ['filter operator', '/items?id=eq;delete from items', {}, 400, 'PGRST100'],
    ['or tree', `/items?or=${encodeURIComponent('(id.eq.1);delete from items;--')}`, {}, 400, 'PGRST100'],
    ['embedded filter path', `/items?select=id&${encodeURIComponent('x;drop.id')}=eq.1`, {}, 400, 'PGRST108'],
    ['fts config', `/items?name=fts(${encodeURIComponent("english');drop table items;--")}).x`, {}, 400, 'PGRST100'],
    [
      'on_conflict',
      `/items?on_conflict=${encodeURIComponent('id) do nothing; --')}`,
      { method: 'POST', headers: { prefer: 'resolution=merge-duplicates' }, body: '{"name":"x"}' },
      400,
      '42703',
    ],
    ['columns', `/items?columns=${encodeURIComponent('name,"x); drop table items; --"')}`, { method: 'POST', body: '[{"name":"x"}]' }, 400, 'PGRST204'],
    ['body key', '/items', { method: 'POST', body: JSON.stringify({ 'name") values (1); drop table items; --': 'x' }) }, 400, 'PGRST204'],
    ['rpc argument', '/rpc/add_numbers', { method: 'POST', body: JSON.stringify({ 'a := 1); drop table items; --': 1 }) }, 404, 'PGRST202'],
    ['rpc name', `/rpc/${encodeURIComponent('add_numbers(1);drop table items;--')}`, { method: 'POST', body: '{}' }, 404, 'PGRST202'],
  ]
  it.each(attempts)('%s', async (_name, path, init, status, code) => {
    const headers = { ...asUserA(), ...(init.headers as Record<string, string> | undefined) }
    expectError(await rawRest(stack, path, { ...init, headers }), status, code)
    expect(await dataSnapshot()).toBe(snapshot)
  })

  it('binds values: quotes in a value match nothing and change nothing', async () => {
    const res = await rawRest(stack, `/items?select=id&name=eq.${encodeURIComponent("x' or '1'='1")}`)
    expect([res.status, res.body]).toEqual([200, []])
    const patched = await rawRest(stack, `/items?name=eq.${encodeURIComponent("Hammer' or '1'='1")}`, {
      method: 'PATCH',
      headers: asUserA(),
      body: '{"price": 0}',
    })
    expect(patched.status).toBe(204)
    expect(await dataSnapshot()).toBe(snapshot)
  })

  it('never answers 500 to random select, filter and order strings', async () => {
    const text = fc.string({ unit: fc.constantFrom(...'id,name:()!*."\\;\'- ->{}pricecategories'.split('')), maxLength: 30 })
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('select', 'order', 'or', 'name', 'price'), text, async (key, value) => {
        const res = await rawRest(stack, `/items?${key}=${encodeURIComponent(value)}`)
        expect(res.status, `${key}=${value}`).toBeLessThan(500)
      }),
      { numRuns: 150 },
    )
    expect(await dataSnapshot()).toBe(snapshot)
  })
})

describe('bodies', () => {
  it('answers 400 PGRST102 for invalid JSON and wrong shapes', async () => {
    for (const [path, method, body] of [
      ['/items', 'POST', '{"name": '],
      ['/items', 'POST', '[1, 2]'],
      ['/items', 'POST', ''],
      ['/items', 'POST', '[{"name":"a"},{"price":1}]'],
      ['/items?id=eq.1', 'PATCH', '[{"name":"a"}]'],
      ['/rpc/add_numbers', 'POST', '{"a":'],
    ] as const) {
      expectError(await rawRest(stack, path, { method, headers: asUserA(), body }), 400, 'PGRST102')
    }
    expect(await dataSnapshot()).toBe(snapshot)
  })

  it('answers 413 for bodies over the limit', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(70 * 1024) })
    expectError(await rawRest(stack, '/items', { method: 'POST', headers: asUserA(), body }), 413, 'PGRST413')
    expect(await dataSnapshot()).toBe(snapshot)
  })
})

describe('JWT problems', () => {
  const now = () => Math.floor(Date.now() / 1000)
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const tokens: [string, () => string | Promise<string>, string, string][] = [
    ['malformed', () => 'not-a-jwt', 'PGRST301', 'Expected 3 parts in JWT; got 1'],
    ['wrongly signed', () => signHs256({ sub: OWNER_A, role: 'authenticated', exp: now() + 60 }, 'another-secret-another-secret-another'), 'PGRST301', 'invalid JWT: unable to parse or verify signature, signature is invalid'],
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: OWNER_A, role: 'service_role' })}.`, 'PGRST301', 'invalid JWT: unsupported signing algorithm'],
    ['expired', () => userToken(stack, OWNER_A, { exp: now() - 3600 }), 'PGRST303', 'JWT expired'],
    ['unknown role', () => userToken(stack, OWNER_A, { role: 'postgres' }), '22023', 'role "postgres" does not exist'],
  ]
  it.each(tokens)('%s → 401', async (_name, mint, code, message) => {
    const token = await mint()
    for (const method of ['GET', 'POST']) {
      const res = await rawRest(stack, '/items', {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: method === 'POST' ? '{"name":"jwt"}' : undefined,
      })
      expectError(res, 401, code)
      expect((res.body as { message: string }).message).toBe(message)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    }
    expect(await dataSnapshot()).toBe(snapshot)
  })

  it('refuses the token of a signed-out session', async () => {
    const user = await signUpRestUser(stack)
    const before = await rawRest(stack, '/items?select=id&limit=1', { headers: { authorization: `Bearer ${user.token}` } })
    expect(before.status).toBe(200)
    const logout = await fetch(`${stack.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { apikey: 'x', authorization: `Bearer ${user.token}` },
    })
    expect(logout.status).toBe(204)
    const after = await rawRest(stack, '/items?select=id&limit=1', { headers: { authorization: `Bearer ${user.token}` } })
    expectError(after, 401, 'PGRST303')
  })
})
