import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'
import {
  anonStorageClient as anonClient,
  fileBytes,
  filesOnDisk,
  migrationsDir,
  objectKeys,
  objectRow,
  serviceStorageClient as serviceClient,
  storageUser,
  type StorageUser,
} from './storage-test-helpers.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const md5 = (text: string) => `"${createHash('md5').update(text).digest('hex')}"`

let stack: Stack
let alice: StorageUser
let bob: StorageUser

beforeAll(async () => {
  stack = await startTestStack({ migrationsDir })
  alice = await storageUser(stack)
  bob = await storageUser(stack)
})
afterAll(async () => {
  await stack?.stop()
})

const docs = () => alice.client.storage.from('private-docs')

describe('upload', () => {
  it('stores a Blob sent as multipart, with Storage metadata and the caller as owner', async () => {
    const key = `${alice.id}/notes/hello.txt`
    const { data, error } = await docs().upload(key, new Blob(['hello world'], { type: 'text/plain' }))
    expect(error).toBeNull()
    expect(data?.path).toBe(key)
    expect(data?.fullPath).toBe(`private-docs/${key}`)
    expect(data?.id).toMatch(UUID)
    const row = await objectRow(stack, 'private-docs', key)
    expect(row?.id).toBe(data?.id)
    expect(row?.owner).toBe(alice.id)
    expect(row?.owner_id).toBe(alice.id)
    expect(row?.metadata).toMatchObject({
      eTag: md5('hello world'),
      size: 11,
      mimetype: 'text/plain',
      cacheControl: 'max-age=3600',
      contentLength: 11,
      httpStatusCode: 200,
    })
    expect(typeof row?.metadata.lastModified).toBe('string')
    expect(fileBytes(stack, 'private-docs', key)).toBe('hello world')
  })

  it('stores a Buffer sent raw, with its content type, cache control and user metadata', async () => {
    const key = `${alice.id}/raw.json`
    const { data, error } = await docs().upload(key, Buffer.from('{"a":1}'), {
      contentType: 'application/json',
      cacheControl: '60',
      metadata: { label: 'raw' },
    })
    expect(error).toBeNull()
    expect(data?.fullPath).toBe(`private-docs/${key}`)
    const row = await objectRow(stack, 'private-docs', key)
    expect(row?.metadata).toMatchObject({ mimetype: 'application/json', cacheControl: 'max-age=60', size: 7 })
    expect(row?.user_metadata).toEqual({ label: 'raw' })
    expect(fileBytes(stack, 'private-docs', key)).toBe('{"a":1}')
  })

  it('refuses a second upload to the same key unless upsert is set', async () => {
    const key = `${alice.id}/dup.txt`
    const first = await docs().upload(key, Buffer.from('one'))
    expect(first.error).toBeNull()
    const again = await docs().upload(key, Buffer.from('two'))
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' })
    expect(fileBytes(stack, 'private-docs', key)).toBe('one')
    const upserted = await docs().upload(key, Buffer.from('three'), { upsert: true })
    expect(upserted.error).toBeNull()
    expect(upserted.data?.id).toBe(first.data?.id)
    expect(fileBytes(stack, 'private-docs', key)).toBe('three')
    const updated = await docs().update(key, new Blob(['four'], { type: 'text/markdown' }))
    expect(updated.error).toBeNull()
    expect(fileBytes(stack, 'private-docs', key)).toBe('four')
    expect((await objectRow(stack, 'private-docs', key))?.metadata).toMatchObject({ mimetype: 'text/markdown', size: 4 })
  })
})

describe('download', () => {
  const key = () => `${alice.id}/report.txt`
  beforeAll(async () => {
    const { error } = await docs().upload(key(), Buffer.from('report body'), { contentType: 'text/plain', cacheControl: '120' })
    expect(error).toBeNull()
  })

  it('returns the bytes through supabase-js', async () => {
    const { data, error } = await docs().download(key())
    expect(error).toBeNull()
    expect(await data?.text()).toBe('report body')
    expect(data?.type).toBe('text/plain')
  })

  it('sends the metadata headers, and Content-Disposition for ?download=', async () => {
    const response = await fetch(`${stack.url}/storage/v1/object/private-docs/${key()}?download=my%20report.txt`, {
      headers: { apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH', authorization: `Bearer ${alice.token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(response.headers.get('cache-control')).toBe('max-age=120')
    expect(response.headers.get('etag')).toBe(md5('report body'))
    expect(response.headers.get('content-length')).toBe('11')
    expect(Date.parse(response.headers.get('last-modified') ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="my report.txt"; filename*=UTF-8''my%20report.txt`,
    )
    expect(await response.text()).toBe('report body')
  })

  it('answers exists() and info() from the object row', async () => {
    expect(await docs().exists(key())).toMatchObject({ data: true, error: null })
    const missing = await docs().exists(`${alice.id}/nope.txt`)
    expect(missing.data).toBe(false)
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
    const info = await docs().info(key())
    expect(info.data).toMatchObject({ name: key(), bucketId: 'private-docs', size: 11, contentType: 'text/plain' })
  })

  it('lets the service role read any object', async () => {
    const { data } = await serviceClient(stack).storage.from('private-docs').download(key())
    expect(await data?.text()).toBe('report body')
  })
})

describe('signed URLs', () => {
  const key = () => `${alice.id}/signed.txt`
  beforeAll(async () => {
    expect((await docs().upload(key(), Buffer.from('signed body'))).error).toBeNull()
  })

  it('creates a URL that serves the file without any auth header', async () => {
    const { data, error } = await docs().createSignedUrl(key(), 60)
    expect(error).toBeNull()
    expect(data?.signedUrl.startsWith(`${stack.url}/storage/v1/object/sign/private-docs/${key()}?token=`)).toBe(true)
    const response = await fetch(data!.signedUrl)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('signed body')
  })

  it('stops serving once the link has expired', async () => {
    const { data } = await docs().createSignedUrl(key(), 1)
    await new Promise((done) => setTimeout(done, 2100))
    const response = await fetch(data!.signedUrl)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: 'jwt expired',
    })
  })

  it('rejects a token used for another path', async () => {
    const { data } = await docs().createSignedUrl(key(), 60)
    const other = data!.signedUrl.replace('/signed.txt?', '/report.txt?')
    const response = await fetch(other)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })
  })

  it('signs and serves keys with spaces and non-ASCII characters', async () => {
    const odd = `${alice.id}/mes fichiers/été (1).txt`
    expect((await docs().upload(odd, Buffer.from('accents'))).error).toBeNull()
    expect(fileBytes(stack, 'private-docs', odd)).toBe('accents')
    const { data } = await docs().createSignedUrl(odd, 60)
    const response = await fetch(data!.signedUrl)
    expect(await response.text()).toBe('accents')
    expect(await (await docs().download(odd)).data?.text()).toBe('accents')
  })

  it('signs several paths at once, with an inline error for a missing one', async () => {
    const missing = `${alice.id}/missing.txt`
    const { data, error } = await docs().createSignedUrls([key(), missing], 60)
    expect(error).toBeNull()
    expect(data?.map((entry) => [entry.path, entry.error])).toEqual([
      [key(), null],
      [missing, 'Either the object does not exist or you do not have access to it'],
    ])
    expect(data?.[1]?.signedUrl).toBeNull()
    expect(await (await fetch(data![0]!.signedUrl!)).text()).toBe('signed body')
  })
})

describe('public bucket', () => {
  it('serves a public URL without auth, only for public buckets', async () => {
    const images = alice.client.storage.from('public-images')
    const key = `${alice.id}/pixel.png`
    expect((await images.upload(key, new Blob(['PNGDATA'], { type: 'image/png' }))).error).toBeNull()
    const { data } = images.getPublicUrl(key)
    expect(data.publicUrl).toBe(`${stack.url}/storage/v1/object/public/public-images/${key}`)
    const response = await fetch(data.publicUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(await response.text()).toBe('PNGDATA')
    const anonRead = await anonClient(stack).storage.from('public-images').download(key)
    expect(await anonRead.data?.text()).toBe('PNGDATA')

    // what the uploader declared is what the browser gets, and it is told not to guess another type
    const page = `${alice.id}/page.png`
    expect((await images.upload(page, new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }))).error).toBeNull()
    const served = await fetch(images.getPublicUrl(page).data.publicUrl)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const cached = await fetch(images.getPublicUrl(page).data.publicUrl, { headers: { 'if-none-match': served.headers.get('etag')! } })
    expect(cached.status).toBe(304)
    expect(cached.headers.get('x-content-type-options')).toBe('nosniff')
    const signed = await images.createSignedUrl(page, 60)
    expect((await fetch(signed.data!.signedUrl)).headers.get('x-content-type-options')).toBe('nosniff')

    const privateUrl = docs().getPublicUrl(`${alice.id}/report.txt`).data.publicUrl
    const refused = await fetch(privateUrl)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
  })
})

describe('list and remove', () => {
  it('lists folders first (id null), then files, like storage.search', async () => {
    const base = `${alice.id}/album`
    for (const name of ['b.txt', 'a.txt', 'sub/c.txt']) {
      expect((await docs().upload(`${base}/${name}`, Buffer.from(name))).error).toBeNull()
    }
    const { data, error } = await docs().list(base)
    expect(error).toBeNull()
    expect(data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['sub', true],
      ['a.txt', false],
      ['b.txt', false],
    ])
    expect(data?.[1]?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain;charset=UTF-8' })
    const desc = await docs().list(base, { sortBy: { column: 'name', order: 'desc' }, limit: 2 })
    expect(desc.data?.map((entry) => entry.name)).toEqual(['sub', 'b.txt'])
    const searched = await docs().list(base, { search: 'b' })
    expect(searched.data?.map((entry) => entry.name)).toEqual(['b.txt'])
    const root = await docs().list('')
    expect(root.data?.map((entry) => entry.name)).toEqual([alice.id])
  })

  it('removes objects, returning the deleted rows and deleting their files', async () => {
    const keys = [`${alice.id}/trash/1.txt`, `${alice.id}/trash/2.txt`]
    for (const key of keys) expect((await docs().upload(key, Buffer.from('x'))).error).toBeNull()
    const { data, error } = await docs().remove([...keys, `${alice.id}/trash/never.txt`])
    expect(error).toBeNull()
    expect(data?.map((row) => row.name)).toEqual(keys)
    expect(data?.[0]).toMatchObject({ bucket_id: 'private-docs', owner_id: alice.id })
    for (const key of keys) {
      expect(fileBytes(stack, 'private-docs', key)).toBeNull()
      expect(await objectRow(stack, 'private-docs', key)).toBeNull()
    }
    expect(filesOnDisk(stack).some((file) => file.includes('/trash/'))).toBe(false)
  })
})

describe('isolation between users', () => {
  const key = () => `${alice.id}/secret.txt`
  beforeAll(async () => {
    expect((await docs().upload(key(), Buffer.from('top secret'))).error).toBeNull()
  })

  const expectAliceFileIntact = async () => {
    expect(fileBytes(stack, 'private-docs', key())).toBe('top secret')
    expect(await objectRow(stack, 'private-docs', key())).not.toBeNull()
  }

  for (const who of ['bob', 'anon'] as const) {
    const storage = () => (who === 'bob' ? bob.client : anonClient(stack)).storage.from('private-docs')

    it(`${who} cannot upload into alice's folder`, async () => {
      const before = await objectKeys(stack)
      const intruder = `${alice.id}/from-${who}.txt`
      const { error } = await storage().upload(intruder, Buffer.from('evil'))
      expect(error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' })
      const overwrite = await storage().upload(key(), Buffer.from('evil'), { upsert: true })
      expect(overwrite.error).toMatchObject({ statusCode: '403' })
      expect(await objectKeys(stack)).toEqual(before)
      expect(fileBytes(stack, 'private-docs', intruder)).toBeNull()
      await expectAliceFileIntact()
    })

    it(`${who} cannot download, sign, list or find alice's file`, async () => {
      const download = await storage().download(key())
      expect(download.data).toBeNull()
      expect(download.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' })
      const signed = await storage().createSignedUrl(key(), 60)
      expect(signed.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
      const batch = await storage().createSignedUrls([key()], 60)
      expect(batch.data?.[0]?.signedUrl).toBeNull()
      expect((await storage().list(alice.id)).data).toEqual([])
      expect((await storage().exists(key())).data).toBe(false)
    })

    it(`${who} cannot remove alice's file`, async () => {
      const { data, error } = await storage().remove([key()])
      expect(error).toBeNull()
      expect(data).toEqual([])
      await expectAliceFileIntact()
    })
  }
})
