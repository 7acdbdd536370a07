import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER_A, OWNER_B, signUpRestUser, startRestStack, type RestFixture } from './rest-helpers.ts'

let f: RestFixture

beforeAll(async () => {
  f = await startRestStack()
})

afterAll(async () => {
  await f?.stack.stop()
})

/** As superuser, bypassing the API. */
async function dbRows(sql: string, params: unknown[] = []) {
  return (await f.stack.db.query(sql, params)).rows
}

describe('insert', () => {
  it('inserts an object and returns the selected representation with embeds', async () => {
    const { data, error, status } = await f.ownerA
      .from('items')
      .insert({ name: 'Chisel', price: 4.5, category_id: 1 })
      .select('name, price, owner_id, category:categories(name)')
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual([{ name: 'Chisel', price: 4.5, owner_id: OWNER_A, category: { name: 'Tools' } }])
  })

  it('inserts minimally: 201, no body, the row is there', async () => {
    const { data, error, status } = await f.ownerA.from('items').insert({ name: 'Level', price: 9 })
    expect([error, status, data]).toEqual([null, 201, null])
    expect(await dbRows(`select owner_id, price::text from items where name = 'Level'`)).toEqual([{ owner_id: OWNER_A, price: '9.00' }])
  })

  it('inserts arrays with the union of keys (missing keys are null) and counts them', async () => {
    const { data, error, count } = await f.ownerA
      .from('items')
      .insert([{ name: 'Bulk 1', price: 1 }, { name: 'Bulk 2' }], { count: 'exact' })
      .select('name, price')
    expect(error).toBeNull()
    expect(count).toBe(2)
    expect(data).toEqual([
      { name: 'Bulk 1', price: 1 },
      { name: 'Bulk 2', price: null },
    ])
  })

  it('uses column defaults for missing keys with defaultToNull: false (Prefer: missing=default)', async () => {
    const { data, error } = await f.ownerA
      .from('items')
      .insert([{ name: 'Def 1', is_public: true }, { name: 'Def 2', tags: ['x'] }], { defaultToNull: false })
      .select('name, is_public, tags, owner_id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Def 1', is_public: true, tags: [], owner_id: OWNER_A },
      { name: 'Def 2', is_public: false, tags: ['x'], owner_id: OWNER_A },
    ])
    const nulls = await f.ownerA.from('items').insert([{ name: 'Null 1', is_public: true }, { name: 'Null 2' }])
    expect([nulls.status, nulls.error?.code]).toEqual([400, '23502'])
  })

  it('works for a user signed up through the auth API', async () => {
    const user = await signUpRestUser(f.stack)
    const created = await user.client.from('items').insert({ name: 'Mine' }).select('name, owner_id').single()
    expect(created.data).toEqual({ name: 'Mine', owner_id: user.id })
    const seen = await user.client.from('items').select('name').eq('is_public', false)
    expect(seen.data).toEqual([{ name: 'Mine' }])
    const hidden = await f.ownerA.from('items').select('id').eq('owner_id', user.id)
    expect(hidden.data).toEqual([])
  })

  it('maps policy and privilege failures to 401 for f.anon and 403 for users', async () => {
    const other = await f.ownerA.from('items').insert({ name: 'Sneaky', owner_id: OWNER_B })
    expect(other.status).toBe(403)
    expect(other.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "items"' })
    const anonymous = await f.anon.from('items').insert({ name: 'Anon' })
    expect(anonymous.status).toBe(401)
    expect(anonymous.error).toMatchObject({ code: '42501', message: 'permission denied for table items' })
    const column = await f.ownerA.from('items').insert({ name: 'Coded', code: '20000000-0000-0000-0000-000000000001' })
    expect([column.status, column.error?.code]).toEqual([403, '42501'])
    expect(await dbRows(`select id from items where name in ('Sneaky', 'Anon', 'Coded')`)).toEqual([])
  })

  it('maps constraint violations: unique and foreign key 409, check 400, unknown column PGRST204', async () => {
    const unique = await f.service.from('categories').insert({ id: 1, name: 'Again' })
    expect([unique.status, unique.error?.code]).toEqual([409, '23505'])
    const fk = await f.service.from('items').insert({ name: 'Orphan', category_id: 999, owner_id: OWNER_A })
    expect([fk.status, fk.error?.code]).toEqual([409, '23503'])
    const check = await f.ownerA.from('items').insert({ name: 'Negative', price: -1 })
    expect([check.status, check.error?.code]).toEqual([400, '23514'])
    const unknown = await f.ownerA.from('items').insert({ name: 'X', colour: 'red' })
    expect(unknown.status).toBe(400)
    expect(unknown.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'colour' column of 'items' in the schema cache" })
  })
})

describe('upsert', () => {
  it('merges duplicates on the primary key by default', async () => {
    const { data, error, status } = await f.service.from('people').upsert([{ id: 2, name: 'Robert' }, { id: 3, name: 'Cy' }]).select()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual([
      { id: 2, name: 'Robert' },
      { id: 3, name: 'Cy' },
    ])
    expect(await dbRows('select id, name from people order by id')).toEqual([
      { id: '1', name: 'Ann' },
      { id: '2', name: 'Robert' },
      { id: '3', name: 'Cy' },
    ])
  })

  it('ignores duplicates on the on_conflict columns', async () => {
    const { data, error } = await f.service.from('categories').upsert({ id: 33, name: 'Empty' }, { onConflict: 'name', ignoreDuplicates: true }).select()
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect(await dbRows('select id from categories where id = 33')).toEqual([])
  })
})

describe('update and delete', () => {
  it('updates only the rows the policies allow', async () => {
    const mine = await f.ownerA.from('items').update({ price: 13 }).eq('id', 1).select('id, price')
    expect(mine.data).toEqual([{ id: 1, price: 13 }])
    const theirs = await f.ownerB.from('items').update({ price: 0 }).eq('id', 1).select('id')
    expect([theirs.status, theirs.data]).toEqual([200, []])
    const minimal = await f.ownerA.from('items').update({ name: 'Hammer' }).eq('id', 1)
    expect([minimal.status, minimal.data]).toEqual([204, null])
    expect(await dbRows('select price::text from items where id = 1')).toEqual([{ price: '13.00' }])
  })

  it('refuses columns without the update privilege', async () => {
    const { status, error } = await f.ownerA.from('items').update({ owner_id: OWNER_B }).eq('id', 1)
    expect([status, error?.code]).toEqual([403, '42501'])
  })

  it('rolls back a singular write that touches other than one row', async () => {
    const { status, error } = await f.ownerA.from('items').update({ price: 1 }).in('id', [1, 2]).select('id').single()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' })
    expect(await dbRows('select id, price::text from items where id in (1, 2) order by id')).toEqual([
      { id: '1', price: '13.00' },
      { id: '2', price: '20.00' },
    ])
    const one = await f.ownerA.from('items').update({ price: 21 }).eq('id', 2).select('id, price').single()
    expect(one.data).toEqual({ id: 2, price: 21 })
  })

  it('deletes own rows, returns them and counts them; others are untouched', async () => {
    await f.service.from('items').insert([
      { id: 201, name: 'Del 1', owner_id: OWNER_A },
      { id: 202, name: 'Del 2', owner_id: OWNER_A },
    ])
    const theirs = await f.ownerB.from('items').delete({ count: 'exact' }).in('id', [201, 202])
    expect([theirs.status, theirs.count]).toEqual([204, 0])
    const mine = await f.ownerA.from('items').delete({ count: 'exact' }).in('id', [201, 202]).select('id, name').order('id')
    expect([mine.status, mine.count, mine.data]).toEqual([
      200,
      2,
      [
        { id: 201, name: 'Del 1' },
        { id: 202, name: 'Del 2' },
      ],
    ])
    expect(await dbRows('select id from items where id in (201, 202)')).toEqual([])
  })
})
