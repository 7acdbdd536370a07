import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from './stack-fixture.ts'
import { rawRest, restClient, REST_MIGRATIONS, startRestStack, type RestFixture } from './rest-helpers.ts'

let f: RestFixture

beforeAll(async () => {
  f = await startRestStack()
})

afterAll(async () => {
  await f?.stack.stop()
})

const ids = (data: unknown) => (data as { id: number }[] | null)?.map((r) => r.id)

describe('select', () => {
  it('returns columns, renames and casts with Postgres JSON types', async () => {
    const { data, error, status } = await f.anon.from('items').select('id, title:name, price, priceText:price::text, tags, meta, created_at').order('id')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      { id: 1, title: 'Hammer', price: 12.5, priceText: '12.50', tags: ['metal', 'heavy'], meta: { color: 'red', size: 3 }, created_at: '2026-01-01T10:00:00+00:00' },
      { id: 2, title: 'Saw', price: 20, priceText: '20.00', tags: ['metal'], meta: { color: 'blue' }, created_at: '2026-01-01T10:00:00+00:00' },
      { id: 3, title: 'Rake', price: null, priceText: null, tags: [], meta: {}, created_at: '2026-01-01T10:00:00+00:00' },
    ])
  })

  it('lets row-level security decide which rows each caller sees', async () => {
    const results = await Promise.all(
      [f.ownerA, f.ownerB, f.service].map((client) => client.from('items').select('id').order('id')),
    )
    expect(results.map((r) => ids(r.data))).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 5],
      [1, 2, 3, 4, 5],
    ])
  })

  it('reads JSON paths', async () => {
    const { data } = await f.anon.from('items').select('id, color:meta->>color, meta->size').order('id').limit(2)
    expect(data).toEqual([
      { id: 1, color: 'red', size: 3 },
      { id: 2, color: 'blue', size: null },
    ])
  })

  it('serves the root as a small OpenAPI document', async () => {
    const res = await rawRest(f.stack, '/')
    expect(res.status).toBe(200)
    expect(Object.keys((res.body as { paths: object }).paths)).toEqual(expect.arrayContaining(['/items', '/categories', '/rpc/add_numbers']))
  })
})

describe('embedding', () => {
  it('embeds many-to-one as an object (or null) and one-to-many as an array', async () => {
    const { data, error } = await f.ownerA
      .from('items')
      .select('name, category:categories(name), reviews(stars, body)')
      .in('id', [1, 3, 4])
      .order('id')
      .order('stars', { referencedTable: 'reviews' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Hammer', category: { name: 'Tools' }, reviews: [{ stars: 3, body: 'ok, I guess' }, { stars: 5, body: 'great' }] },
      { name: 'Rake', category: { name: 'Garden' }, reviews: [] },
      { name: 'Private A', category: null, reviews: [] },
    ])
  })

  it('filters, orders and limits embedded rows, and !inner keeps only parents with matches', async () => {
    const plain = await f.anon.from('categories').select('name, items(name)').eq('items.name', 'Saw').order('id')
    expect(plain.data).toEqual([
      { name: 'Tools', items: [{ name: 'Saw' }] },
      { name: 'Garden', items: [] },
      { name: 'Empty', items: [] },
    ])
    const inner = await f.anon.from('categories').select('name, items!inner(name)', { count: 'exact' }).eq('items.name', 'Saw')
    expect(inner.data).toEqual([{ name: 'Tools', items: [{ name: 'Saw' }] }])
    expect(inner.count).toBe(1)
    const limited = await f.anon
      .from('categories')
      .select('name, items(name)')
      .eq('id', 1)
      .order('name', { referencedTable: 'items', ascending: false })
      .limit(1, { referencedTable: 'items' })
    expect(limited.data).toEqual([{ name: 'Tools', items: [{ name: 'Saw' }] }])
    const ored = await f.anon.from('items').select('id, reviews(stars)').eq('id', 1).or('stars.gte.5,body.is.null', { referencedTable: 'reviews' })
    expect(ored.data).toEqual([{ id: 1, reviews: [{ stars: 5 }] }])
  })

  it('disambiguates two foreign keys to the same table with !column or !constraint', async () => {
    const { data, error } = await f.anon
      .from('messages')
      .select('body, sender:people!sender_id(name), recipient:people!messages_recipient_id_fkey(name)')
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { body: 'hi Bob', sender: { name: 'Ann' }, recipient: { name: 'Bob' } },
      { body: 'hi Ann', sender: { name: 'Bob' }, recipient: { name: 'Ann' } },
    ])
    const reverse = await f.anon.from('people').select('name, sent:messages!sender_id(body)').order('id')
    expect(reverse.data).toEqual([
      { name: 'Ann', sent: [{ body: 'hi Bob' }] },
      { name: 'Bob', sent: [{ body: 'hi Ann' }] },
    ])
    const ambiguous = await f.anon.from('messages').select('body, people(name)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error?.code).toBe('PGRST201')
  })

  it('refuses relationships that do not exist', async () => {
    const { error, status } = await f.anon.from('items').select('id, people(name)')
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST200')
  })
})

describe('filters', () => {
  const items = () => f.anon.from('items').select('id').order('id')
  const cases: [string, () => PromiseLike<{ data: unknown; error: unknown }>, number[]][] = [
    ['eq', () => items().eq('name', 'Saw'), [2]],
    ['neq', () => items().neq('name', 'Saw'), [1, 3]],
    ['gt/lt', () => items().gt('price', 12.5).lt('price', 100), [2]],
    ['gte/lte', () => items().gte('price', 12.5).lte('price', 20), [1, 2]],
    ['like with *', () => items().like('name', '*a*er'), [1]],
    ['ilike', () => items().ilike('name', 'r%'), [3]],
    ['in with quoted values', () => items().in('name', ['Ham,mer', 'Rake', 'Saw']), [2, 3]],
    ['not in', () => items().not('id', 'in', '(1,2)'), [3]],
    ['is null', () => items().is('price', null), [3]],
    ['not is null', () => items().not('price', 'is', null), [1, 2]],
    ['is true', () => items().is('is_public', true), [1, 2, 3]],
    ['contains an array', () => items().contains('tags', ['metal']), [1, 2]],
    ['contained by', () => items().containedBy('tags', ['metal', 'light']), [2, 3]],
    ['jsonb contains', () => items().contains('meta', { color: 'red' }), [1]],
    ['JSON path', () => items().eq('meta->>color', 'blue'), [2]],
    ['likeAnyOf', () => items().likeAnyOf('name', ['H*', 'R*']), [1, 3]],
    ['or', () => items().or('price.gt.15,name.like.R*'), [2, 3]],
    ['nested or/and with not', () => items().or('name.eq.Hammer,and(price.gte.20,price.not.gt.20)'), [1, 2]],
    ['quoted values with reserved characters in or', () => items().or('name.eq."Saw",name.in.("Ham,mer","Rake")'), [2, 3]],
    ['text search', () => items().textSearch('name', 'hammer', { config: 'english' }), [1]],
    ['uuid', () => items().eq('code', '10000000-0000-0000-0000-000000000003'), [3]],
  ]
  it.each(cases)('%s', async (_name, query, expected) => {
    const { data, error } = await query()
    expect(error).toBeNull()
    expect(ids(data)).toEqual(expected)
  })

  it('takes a top-level value verbatim, reserved characters included', async () => {
    const created = await f.service.from('categories').insert({ id: 9, name: 'a,b.(c):"d"' }).select('id').single()
    expect(created.error).toBeNull()
    const { data } = await f.anon.from('categories').select('id').eq('name', 'a,b.(c):"d"')
    expect(data).toEqual([{ id: 9 }])
    await f.service.from('categories').delete().eq('id', 9)
  })

  it('lets Postgres coerce values: a bad uuid is 22P02 / 400', async () => {
    const { error, status } = await f.anon.from('items').select('id').eq('code', 'not-a-uuid')
    expect(status).toBe(400)
    expect(error?.code).toBe('22P02')
  })
})

describe('order, paging and counts', () => {
  it('orders by several columns with null placement', async () => {
    const desc = await f.anon.from('items').select('id').order('price', { ascending: false, nullsFirst: true })
    expect(ids(desc.data)).toEqual([3, 2, 1])
    const multi = await f.service.from('items').select('id').order('category_id').order('name', { ascending: false })
    expect(ids(multi.data)).toEqual([2, 1, 3, 5, 4])
  })

  it('pages with range and reports exact counts in Content-Range', async () => {
    const page = await f.anon.from('items').select('id', { count: 'exact' }).order('id').range(0, 1)
    expect([page.status, page.count, ids(page.data)]).toEqual([206, 3, [1, 2]])
    const all = await f.anon.from('items').select('id', { count: 'exact' }).order('id').range(0, 9)
    expect([all.status, all.count, ids(all.data)]).toEqual([200, 3, [1, 2, 3]])
    const planned = await f.anon.from('items').select('id', { count: 'planned' }).order('id').range(2, 2)
    expect([planned.status, planned.count, ids(planned.data)]).toEqual([206, 3, [3]])
    const none = await f.anon.from('items').select('id', { count: 'exact' }).eq('id', 999)
    expect([none.status, none.count, none.data]).toEqual([200, 0, []])
    const raw = await rawRest(f.stack, '/items?select=id&order=id&offset=1&limit=1', { headers: { prefer: 'count=exact' } })
    expect(raw.headers.get('content-range')).toBe('1-1/3')
    const empty = await rawRest(f.stack, '/items?select=id&id=eq.999', { headers: { prefer: 'count=exact' } })
    expect(empty.headers.get('content-range')).toBe('*/0')
  })

  it('answers 416 PGRST103 past the end', async () => {
    const { error, status } = await f.anon.from('items').select('id', { count: 'exact' }).range(5, 6)
    expect(status).toBe(416)
    expect(error).toMatchObject({ code: 'PGRST103', details: 'An offset of 5 was requested, but there are only 3 rows.' })
  })

  it('counts with HEAD and no body', async () => {
    const { data, count, status } = await f.ownerA.from('items').select('*', { count: 'exact', head: true })
    expect([data, count, status]).toEqual([null, 4, 200])
  })

  it('caps pages at max_rows', async () => {
    const small = await startTestStack({ migrationsDir: REST_MIGRATIONS, config: { maxRows: 2 } })
    try {
      const { data, count } = await restClient(small).from('items').select('id', { count: 'exact' }).order('id').limit(10)
      expect([ids(data), count]).toEqual([[1, 2], 3])
    } finally {
      await small.stop()
    }
  })
})

describe('single objects and profiles', () => {
  it('returns one object with single(), else 406 PGRST116', async () => {
    const one = await f.anon.from('items').select('id, name').eq('id', 2).single()
    expect([one.status, one.data]).toEqual([200, { id: 2, name: 'Saw' }])
    const many = await f.anon.from('items').select('id').single()
    expect(many.status).toBe(406)
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' })
    const none = await f.anon.from('items').select('id').eq('id', 4).single()
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
    const maybe = await f.anon.from('items').select('id').eq('id', 4).maybeSingle()
    expect([maybe.error, maybe.data]).toEqual([null, null])
  })

  it('refuses schemas other than public with 406 PGRST106', async () => {
    const { error, status } = await f.anon.schema('private').from('items').select('id')
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: private' })
  })
})

describe('schema cache', () => {
  it('sees a table created outside migrations only after reloadSchema()', async () => {
    await f.stack.db.exec('create table public.late (id int primary key); grant select on public.late to anon; insert into public.late values (7)')
    const before = await f.anon.from('late').select('id')
    expect([before.status, before.error?.code]).toEqual([404, 'PGRST205'])
    await f.stack.reloadSchema()
    const after = await f.anon.from('late').select('id')
    expect([after.status, after.data]).toEqual([200, [{ id: 7 }]])
  })
})
