import { describe, expect, it } from 'vitest'
import { refuseMalformedPost } from './post-request'

const url = 'http://shop.test/auth'

function actionRequest(body: BodyInit, headers: Record<string, string>) {
  return new Request(url, { method: 'POST', body, headers: { 'Next-Action': 'a'.repeat(42), ...headers } })
}

function multipart(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return new Request(url, { method: 'POST', body: form, headers: { 'Next-Action': 'a'.repeat(42) } })
}

describe('refuseMalformedPost', () => {
  it('checks only the multipart shape of a POST that is not a server action', async () => {
    const plain = (body: string, type: string) => new Request(url, { method: 'POST', body, headers: { 'Content-Type': type } })
    expect(await refuseMalformedPost(plain('<a/>', 'application/xml'))).toBeNull()
    expect(await refuseMalformedPost(plain('not json', 'text/plain'))).toBeNull()
    expect(await refuseMalformedPost(plain('--XYZ\r\n', 'multipart/form-data; boundary=XYZ'))).toMatchObject({ status: 400 })
  })

  it('lets through what Next sends: JSON text and well-formed multipart', async () => {
    expect(await refuseMalformedPost(actionRequest('["$K1"]', { 'Content-Type': 'text/plain;charset=UTF-8' }))).toBeNull()
    expect(await refuseMalformedPost(multipart({ '1_email': 'sam@example.com', '0': '["$K1"]' }))).toBeNull()
  })

  it('answers 413 for a body over the limit by its Content-Length', async () => {
    const request = actionRequest('[]', { 'Content-Type': 'text/plain', 'Content-Length': String(10 * 1024 * 1024) })
    expect(await refuseMalformedPost(request)).toMatchObject({ status: 413 })
  })

  it('answers 415 for a content type Next cannot decode', async () => {
    for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'application/json']) {
      expect(await refuseMalformedPost(actionRequest('<a/>', { 'Content-Type': type }))).toMatchObject({ status: 415 })
    }
    expect(await refuseMalformedPost(new Request(url, { method: 'POST', headers: { 'Next-Action': 'x' } }))).toMatchObject({ status: 415 })
  })

  it('answers 400 for invalid JSON and broken multipart bodies', async () => {
    expect(await refuseMalformedPost(actionRequest('{"a":', { 'Content-Type': 'text/plain;charset=UTF-8' }))).toMatchObject({ status: 400 })
    const truncated = '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'
    expect(await refuseMalformedPost(actionRequest(truncated, { 'Content-Type': 'multipart/form-data; boundary=XYZ' }))).toMatchObject({ status: 400 })
    expect(await refuseMalformedPost(actionRequest('--XYZ--', { 'Content-Type': 'multipart/form-data' }))).toMatchObject({ status: 400 })
    const wrongBoundary = '--ABC\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--ABC--\r\n'
    expect(await refuseMalformedPost(actionRequest(wrongBoundary, { 'Content-Type': 'multipart/form-data; boundary=XYZ' }))).toMatchObject({ status: 400 })
  })

  it.each([
    ['an object', '{}'],
    ['null', 'null'],
    ['a bare reference', '"$Q1"'],
    ['a number', '1'],
    ['a Map reference to a part a text body does not have', '["$Q1"]'],
    ['a promise reference', '["$@1","$@2"]'],
    ['a server-reference pointer', '[{"ok":false},"$h1"]'],
    ['a plain outlined model', '[{"a":["$1"]}]'],
    ['a Blob', '["$B1"]'],
    ['a typed array', '["$A1"]'],
    ['an unknown reference kind', '["$Z"]'],
    ['a bigint of 400 digits', `["$n${'9'.repeat(400)}"]`],
    ['20,000-deep nesting', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['65-deep objects', `[${'{"a":'.repeat(65)}1${'}'.repeat(65)}]`],
  ])('answers 400 for a text body that is %s (Next would answer 500)', async (_name, body) => {
    expect(await refuseMalformedPost(actionRequest(body, { 'Content-Type': 'text/plain;charset=UTF-8' }))).toMatchObject({ status: 400 })
  })

  it.each([
    ['an empty list', '[]'],
    ['state and FormData', '[{"ok":false,"fieldErrors":{"name":["Required"]}},"$K1"]'],
    ['escaped text and inline values', '["$$5 off","$undefined","$Infinity","$-0","$NaN","$D2026-11-26T10:00:00.000Z","$n42","$T"]'],
    ['a prototype key, which stays a plain key', '[{"__proto__":{"ok":true}},"$K1"]'],
    ['a uuid string', '["0b7c1f9e-2d7a-4c55-9a51-8f1b8b3c1e42"]'],
  ])('lets through %s', async (_name, body) => {
    expect(await refuseMalformedPost(actionRequest(body, { 'Content-Type': 'text/plain;charset=UTF-8' }))).toBeNull()
  })
})
