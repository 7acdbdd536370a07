import { postgresChangesFilter } from '@supabase/realtime-js'
import { describe, expect, it } from 'vitest'
import { describeParams, parseChangeParams, parseFilters } from './change-params.ts'

// The examples of Realtime's parse_subscription_params (postgres_cdc_rls/subscriptions.ex).
describe('postgres_changes params', () => {
  it('reads schema, table and filter, and what is left out of them', () => {
    expect(parseChangeParams({ schema: 'public', table: 'messages', filter: 'subject=eq.hey' })).toEqual({
      ok: true,
      value: { action: '*', schema: 'public', table: 'messages', filters: [{ column: 'subject', op: 'eq', value: 'hey', negate: false }], select: null },
    })
    expect(parseChangeParams({ schema: 'public' })).toMatchObject({ ok: true, value: { schema: 'public', table: '*' } })
    expect(parseChangeParams({ table: 'messages' })).toMatchObject({ ok: true, value: { schema: 'public', table: 'messages' } })
    expect(parseChangeParams({ event: 'delete', schema: 'public', table: 'messages', filter: '   ' })).toMatchObject({ ok: true, value: { action: 'DELETE', filters: [] } })
    expect(parseChangeParams({ event: 'TRUNCATE', schema: 'public', table: 'messages' })).toMatchObject({ ok: true, value: { action: '*' } })
  })

  it('refuses what Realtime refuses, in its words', () => {
    expect(parseChangeParams({})).toEqual({ ok: false, error: 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}' })
    expect(parseChangeParams({ event: '*', schema: 'public', filter: null })).toEqual({
      ok: false,
      error: 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{"event" => "*", "filter" => nil, "schema" => "public"}',
    })
    expect(parseChangeParams({ schema: 'public', table: 'messages', filter: 'subject=foo.hey' })).toEqual({ ok: false, error: 'Error parsing `filter` params: ["foo", "hey"]' })
    expect(parseChangeParams({ schema: 'public', table: 'messages', filter: 'undefined' })).toEqual({ ok: false, error: 'Error parsing `filter` params: ["undefined"]' })
    expect(parseChangeParams({ schema: 'public', table: 'm', filter: 'id=in.1,2' })).toEqual({ ok: false, error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses' })
    expect(parseChangeParams({ schema: 'public', table: 'm', filter: 'a=eq.1,,b=eq.2' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)',
    })
    expect(parseChangeParams({ schema: '*', table: 'm', select: ['a'] })).toMatchObject({ ok: false, error: expect.stringMatching(/^Column selection is not supported/) })
    expect(parseChangeParams({ schema: 'public', table: 'm', select: 'a' })).toMatchObject({ ok: false, error: expect.stringMatching(/^Error parsing `select` params/) })
  })

  it('reads every filter the realtime-js builder writes: and-ed conditions, in-lists, not., quoted values', () => {
    const filter = postgresChangesFilter().eq('shop_id', 'a,b').in('qty', [1, 2]).not('status', 'in', ['draft', 'x(y)']).gte('price', 5).is('barcode', null).build()
    expect(parseFilters(filter)).toEqual({
      ok: true,
      value: [
        { column: 'shop_id', op: 'eq', value: 'a,b', negate: false },
        { column: 'qty', op: 'in', value: '{1,2}', negate: false },
        { column: 'status', op: 'in', value: '{draft,"x(y)"}', negate: true },
        { column: 'price', op: 'gte', value: '5', negate: false },
        { column: 'barcode', op: 'is', value: 'null', negate: false },
      ],
    })
    expect(parseFilters('name=eq."say \\"hi\\""')).toEqual({ ok: true, value: [{ column: 'name', op: 'eq', value: 'say "hi"', negate: false }] })
  })

  it('names a subscription in its errors as Realtime logs it', () => {
    const parsed = parseChangeParams({ event: 'INSERT', schema: 'public', table: 'products', filter: 'shop_id=not.eq.1' })
    expect(parsed.ok && describeParams(parsed.value)).toBe('event: INSERT, schema: public, table: products, filters: [{"shop_id", "eq", "1", true}], select: nil')
  })
})
