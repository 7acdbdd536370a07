import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readUnsubscribeToken, signUnsubscribeToken } from './unsubscribe-token'

const claims = { shopId: '0f8fad5b-d9cb-469f-a165-70867728950e', address: 'owner@example.com' }

describe('unsubscribe links', () => {
  beforeEach(() => {
    process.env.SUPABASE_SECRET_KEY = 'one-server-secret'
  })
  afterEach(() => {
    delete process.env.UNSUBSCRIBE_SECRET
  })

  it('read back the shop and address they were signed for', async () => {
    expect(await readUnsubscribeToken(await signUnsubscribeToken(claims))).toEqual(claims)
  })

  it('refuse a token changed by hand, signed by another key, cut short, empty or absurdly long', async () => {
    const token = await signUnsubscribeToken(claims)
    const [header, payload, signature] = token.split('.')
    const otherAddress = Buffer.from(JSON.stringify({ shop: claims.shopId, email: 'someone@else.com', aud: 'shelfsnap:unsubscribe' })).toString('base64url')
    expect(await readUnsubscribeToken(`${header}.${otherAddress}.${signature}`)).toBeNull()
    expect(await readUnsubscribeToken(token.slice(0, -2))).toBeNull()
    expect(await readUnsubscribeToken(`${header}.${payload}`)).toBeNull()
    expect(await readUnsubscribeToken('')).toBeNull()
    expect(await readUnsubscribeToken('x'.repeat(5000))).toBeNull()
    process.env.SUPABASE_SECRET_KEY = 'another-server-secret'
    expect(await readUnsubscribeToken(token)).toBeNull()
  })

  it('refuse an unsigned token (alg none)', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const none = `${part({ alg: 'none' })}.${part({ shop: claims.shopId, email: claims.address, aud: 'shelfsnap:unsubscribe' })}.`
    expect(await readUnsubscribeToken(none)).toBeNull()
  })

  it('use UNSUBSCRIBE_SECRET when it is set', async () => {
    process.env.UNSUBSCRIBE_SECRET = 'its-own-secret'
    const token = await signUnsubscribeToken(claims)
    delete process.env.UNSUBSCRIBE_SECRET
    expect(await readUnsubscribeToken(token)).toBeNull()
  })
})
