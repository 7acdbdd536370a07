import { existsSync, readdirSync } from 'node:fs'
import { request } from 'node:http'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import { signHs256 } from '../tokens.ts'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import { filesOnDisk, migrationsDir, objectKeys, storageUser, type StorageUser } from './storage-test-helpers.ts'

let stack: Stack
let alice: StorageUser
let before: { rows: string[]; files: string[] }

const snapshot = async () => ({ rows: await objectKeys(stack), files: filesOnDisk(stack) })
const staged = () => {
  const dir = join(stack.config.storageDir, '.uploads')
  return existsSync(dir) ? readdirSync(dir) : []
}

beforeAll(async () => {
  stack = await startTestStack({ migrationsDir, config: { maxUploadBytes: 4096 } })
  alice = await storageUser(stack)
  const { error } = await alice.client.storage.from('private-docs').upload(`${alice.id}/keep.txt`, Buffer.from('keep'))
  expect(error).toBeNull()
})
afterAll(async () => {
  await stack?.stop()
})
beforeEach(async () => {
  before = await snapshot()
})

async function expectNothingWritten() {
  expect(await snapshot()).toEqual(before)
  expect(staged()).toEqual([])
}

interface CallOptions {
  method?: string
  token?: string | null
  headers?: Record<string, string>
  body?: BodyInit
}

async function call(path: string, options: CallOptions = {}) {
  const token = options.token === undefined ? alice.token : options.token
  const response = await fetch(`${stack.url}/storage/v1${path}`, {
    method: options.method ?? 'POST',
    headers: {
      apikey: PUBLISHABLE_KEY,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    },
    body: options.body,
    ...(options.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
}

const upload = (key: string, body: BodyInit = 'data', headers: Record<string, string> = {}, bucket = 'private-docs') =>
  call(`/object/${bucket}/${key}`, { body, headers: { 'content-type': 'text/plain', ...headers } })

describe('object keys', () => {
  it('refuses an encoded ../ traversal and writes nothing, not even outside the storage folder', async () => {
    const result = await upload(`${alice.id}/%2e%2e%2f%2e%2e%2f%2e%2e%2fescape.txt`)
    expect(result).toEqual({
      status: 400,
      body: { statusCode: '400', code: 'InvalidKey', error: 'InvalidKey', message: `Invalid key: ${alice.id}/../../../escape.txt` },
    })
    expect(existsSync(join(dirname(stack.config.storageDir), 'escape.txt'))).toBe(false)
    await expectNothingWritten()
    const download = await call(`/object/private-docs/${alice.id}/%2e%2e%2f%2e%2e%2fkeep.txt`, { method: 'GET' })
    expect(download.body).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
  })

  it('never lets a literal ../ reach a file path (the URL is normalised first)', async () => {
    const status = await new Promise<number>((done, fail) => {
      const url = new URL(stack.url)
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/storage/v1/object/private-docs/${alice.id}/../../../../escape.txt`,
          headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'text/plain' },
        },
        (res) => {
          res.resume()
          done(res.statusCode ?? 0)
        },
      )
      req.on('error', fail)
      req.end('data')
    })
    expect([400, 404]).toContain(status)
    await expectNothingWritten()
  })

  const badKeys: [string, string][] = [
    ['an encoded ../ segment', '..%2fsecret.txt'],
    ['a backslash', 'a%5c..%5cb.txt'],
    ['a NUL byte', 'a%00b.txt'],
    ['a newline', 'a%0Ab.txt'],
    ['an empty segment', 'dir//b.txt'],
    ['a ./ segment', '.%2fb.txt'],
    ['a malformed escape', 'bad%zz.txt'],
    ['a trailing slash', 'dir/'],
    ['an absurd length', 'x'.repeat(2000)],
  ]
  for (const [what, tail] of badKeys) {
    it(`refuses a key with ${what}`, async () => {
      const result = await upload(`${alice.id}/${tail}`)
      expect(result.status).toBe(400)
      expect(result.body).toMatchObject({ statusCode: '400', code: 'InvalidKey', error: 'InvalidKey' })
      await expectNothingWritten()
    })
  }

  it('refuses a bucket id that is not a plain name', async () => {
    const result = await upload(`${alice.id}/x.txt`, 'data', {}, '..%2fescape')
    expect(result.body).toEqual({
      statusCode: '400',
      code: 'InvalidBucketName',
      error: 'Invalid Input',
      message: 'Bucket name invalid',
    })
    await expectNothingWritten()
  })

  it('refuses a key that clashes with an existing folder or file', async () => {
    expect((await upload(`${alice.id}/clash/inner.txt`)).status).toBe(200)
    before = await snapshot()
    const asFile = await upload(`${alice.id}/clash`)
    expect(asFile.body).toMatchObject({ statusCode: '409', code: 'KeyAlreadyExists' })
    const asFolder = await upload(`${alice.id}/keep.txt/inner.txt`)
    expect(asFolder.body).toMatchObject({ statusCode: '409', code: 'KeyAlreadyExists' })
    await expectNothingWritten()
  })
})

describe('buckets and limits', () => {
  it('answers NoSuchBucket for an unknown bucket', async () => {
    const result = await upload(`${alice.id}/x.txt`, 'data', {}, 'nope')
    expect(result).toEqual({
      status: 400,
      body: { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' },
    })
    const { error } = await alice.client.storage.from('nope').download(`${alice.id}/x.txt`)
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' })
    await expectNothingWritten()
  })

  const tooLarge = {
    statusCode: '413',
    code: 'EntityTooLarge',
    error: 'Payload too large',
    message: 'The object exceeded the maximum allowed size',
  }

  it("enforces the bucket's file_size_limit for multipart, raw and streamed bodies", async () => {
    const images = alice.client.storage.from('public-images')
    const { error } = await images.upload(`${alice.id}/big.png`, new Blob([new Uint8Array(2048)], { type: 'image/png' }))
    expect(error).toMatchObject({ status: 400, statusCode: '413', message: tooLarge.message })
    const raw = await upload(`${alice.id}/big.png`, new Uint8Array(1025), { 'content-type': 'image/png' }, 'public-images')
    expect(raw).toEqual({ status: 400, body: tooLarge })
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(512))
        controller.close()
      },
    })
    const streamed = await upload(`${alice.id}/big.png`, stream, { 'content-type': 'image/png' }, 'public-images')
    expect(streamed).toEqual({ status: 400, body: tooLarge })
    const fits = await upload(`${alice.id}/fits.png`, new Uint8Array(1024), { 'content-type': 'image/png' }, 'public-images')
    expect(fits.status).toBe(200)
    before = await snapshot()
    await expectNothingWritten()
  })

  it('enforces the global maxUploadBytes on buckets without a limit', async () => {
    expect(await upload(`${alice.id}/big.bin`, new Uint8Array(4097))).toEqual({ status: 400, body: tooLarge })
    await expectNothingWritten()
  })

  it("refuses a MIME type outside the bucket's list, and a malformed one", async () => {
    const { error } = await alice.client.storage
      .from('public-images')
      .upload(`${alice.id}/note.txt`, new Blob(['hi'], { type: 'text/plain' }))
    expect(error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type text/plain is not supported' })
    const bogus = await upload(`${alice.id}/x`, 'hi', { 'content-type': 'nonsense' })
    expect(bogus.body).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' })
    await expectNothingWritten()
  })
})

describe('tokens and bodies', () => {
  const now = () => Math.floor(Date.now() / 1000)

  it('refuses malformed, forged and expired JWTs with AccessDenied', async () => {
    const forged = await signHs256({ sub: alice.id, role: 'authenticated', exp: now() + 60 }, 'not-the-secret-not-the-secret-123')
    const expired = await signHs256({ sub: alice.id, role: 'authenticated', exp: now() - 120 }, stack.config.jwtSecret)
    const cases: [string, string][] = [
      ['not-a-jwt', 'Expected 3 parts in JWT; got 1'],
      [forged, 'invalid JWT: unable to parse or verify signature, signature is invalid'],
      [expired, 'JWT expired'],
    ]
    for (const [token, message] of cases) {
      const result = await call(`/object/private-docs/${alice.id}/jwt.txt`, { token, body: 'x', headers: { 'content-type': 'text/plain' } })
      expect(result).toEqual({
        status: 400,
        body: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message },
      })
      const list = await call('/object/list/private-docs', { token, body: JSON.stringify({ prefix: alice.id }) })
      expect(list.body).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    }
    await expectNothingWritten()
  })

  it('never switches to a role outside anon, authenticated and service_role', async () => {
    const token = await signHs256({ sub: alice.id, role: 'postgres', exp: now() + 60 }, stack.config.jwtSecret)
    const result = await call(`/object/private-docs/${alice.id}/root.txt`, { token, body: 'x', headers: { 'content-type': 'text/plain' } })
    expect(result.body).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'role "postgres" does not exist',
    })
    await expectNothingWritten()
  })

  it('refuses signed-URL tokens that were not issued for that object', async () => {
    const path = `/object/sign/private-docs/${alice.id}/keep.txt`
    const wrongSecret = await signHs256({ url: `private-docs/${alice.id}/keep.txt`, exp: now() + 60 }, 'another-secret-another-secret-12')
    expect((await call(`${path}?token=${wrongSecret}`, { method: 'GET', token: null })).body).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
    })
    const otherObject = await signHs256({ url: `private-docs/${alice.id}/other.txt`, exp: now() + 60 }, stack.config.signingSecret)
    expect((await call(`${path}?token=${otherObject}`, { method: 'GET', token: null })).body).toMatchObject({
      statusCode: '400',
      code: 'InvalidSignature',
    })
    // An access token is ES256: never a signed-URL token, whatever its claims.
    expect((await call(`${path}?token=${alice.token}`, { method: 'GET', token: null })).body).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
    })
    expect((await call(path, { method: 'GET', token: null })).body).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
  })

  it('refuses malformed JSON bodies and metadata without side effects', async () => {
    const cases: [string, CallOptions, string][] = [
      [`/object/sign/private-docs/${alice.id}/keep.txt`, { body: '{not json' }, 'Body is not valid JSON'],
      [`/object/sign/private-docs/${alice.id}/keep.txt`, { body: '{"expiresIn":0}' }, 'body/expiresIn must be an integer from 1 to 315360000'],
      ['/object/sign/private-docs', { body: '{"expiresIn":60,"paths":"x"}' }, "body must have required property 'paths'"],
      ['/object/private-docs', { method: 'DELETE', body: '{"prefixes":[]}' }, 'body/prefixes must have from 1 to 1000 items'],
      ['/object/list/private-docs', { body: '{"sortBy":{"column":"id; drop table x"}}' }, 'Invalid sortBy column'],
      [`/object/private-docs/${alice.id}/m.txt`, { body: 'x', headers: { 'x-metadata': 'bm90IGpzb24=' } }, 'Invalid metadata: expected a JSON object'],
    ]
    for (const [path, options, message] of cases) {
      expect((await call(path, options)).body).toEqual({ statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message })
    }
    const traversal = await call('/object/private-docs', { method: 'DELETE', body: JSON.stringify({ prefixes: ['../keep.txt'] }) })
    expect(traversal.body).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
    await expectNothingWritten()
  })

  it('answers an unknown route in the Storage error shape', async () => {
    expect(await call('/bucket', { method: 'GET' })).toEqual({
      status: 400,
      body: { statusCode: '404', code: 'InvalidRequest', error: 'Not Found', message: 'Route GET:/bucket not found' },
    })
  })
})
