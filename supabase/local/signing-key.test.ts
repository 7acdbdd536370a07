import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportJWK, generateKeyPair, jwtVerify } from 'jose'
import { afterEach, describe, expect, it } from 'vitest'
import { loadSigningKey } from './signing-key.ts'
import { createTokens } from './tokens.ts'

const dirs: string[] = []
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'signing-key-'))
  dirs.push(dir)
  return join(dir, 'nested', 'signing-keys.json')
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('loadSigningKey', () => {
  it('generates a key once, keeps it private on disk and reads the same key back', async () => {
    const file = tempFile()
    const first = await loadSigningKey({ file, persist: true })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const stored = JSON.parse(readFileSync(file, 'utf8'))
    expect(stored).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: first.kid, d: expect.any(String) })])

    const second = await loadSigningKey({ file, persist: true })
    expect(second.kid).toBe(first.kid)
    const token = await createTokens(first, 'x'.repeat(32)).signAccessToken({ sub: 'a' })
    await expect(jwtVerify(token, second.publicKey)).resolves.toMatchObject({ payload: { sub: 'a' } })
    expect(second.publicJwk).not.toHaveProperty('d')
  })

  it('gives every generated key its own kid', async () => {
    expect((await loadSigningKey()).kid).not.toBe((await loadSigningKey()).kid)
  })

  it('reads a key file made elsewhere, as the CLI’s signing_keys_path, and keeps its kid', async () => {
    const file = tempFile().replace('nested/', '')
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    writeFileSync(file, JSON.stringify([{ ...(await exportJWK(privateKey)), kid: 'my-key', alg: 'ES256' }]))
    const key = await loadSigningKey({ file })
    expect(key.kid).toBe('my-key')
    expect(key.publicJwk).toMatchObject({ kid: 'my-key', alg: 'ES256', use: 'sig', key_ops: ['verify'] })
  })

  it('refuses a missing file it may not create, and a file without an ES256 private key', async () => {
    await expect(loadSigningKey({ file: tempFile() })).rejects.toThrow(/does not exist/)
    const file = tempFile().replace('nested/', '')
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    writeFileSync(file, JSON.stringify([await exportJWK(privateKey)]))
    await expect(loadSigningKey({ file })).rejects.toThrow(/no ES256 private key/)
    writeFileSync(file, 'not json')
    await expect(loadSigningKey({ file })).rejects.toThrow(/not JSON/)
  })
})
