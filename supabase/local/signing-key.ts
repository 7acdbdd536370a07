import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose'

/** The asymmetric key that signs user access tokens, as the CLI's signing_keys_path holds it. */
export interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicKey: CryptoKey
  /** what GET /auth/v1/.well-known/jwks.json lists */
  publicJwk: JWK
}

export interface SigningKeySource {
  /** a JSON array of private JWKs (`supabase gen signing-key --algorithm ES256`); the first ES256 key signs */
  file?: string
  /** write a newly generated key to `file` when it does not exist yet */
  persist?: boolean
}

/** Reads the key from `file`, or generates one (and keeps it there when `persist`). */
export async function loadSigningKey(source: SigningKeySource = {}): Promise<SigningKey> {
  if (source.file && existsSync(source.file)) return importSigningKey(readKeyFile(source.file), source.file)
  if (source.file && !source.persist) throw new Error(`signing key file ${source.file} does not exist`)
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const { kty, crv, x, y, d } = await exportJWK(privateKey)
  const jwk: JWK = { kty, crv, x, y, d }
  const stored: JWK = { ...jwk, kid: await calculateJwkThumbprint({ kty, crv, x, y }), alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true }
  if (source.file) {
    mkdirSync(dirname(source.file), { recursive: true })
    writeFileSync(source.file, `${JSON.stringify([stored], null, 2)}\n`, { mode: 0o600 })
  }
  return importSigningKey([stored], source.file ?? 'a generated key')
}

function readKeyFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`signing key file ${file} is not JSON: ${(error as Error).message}`)
  }
}

async function importSigningKey(keys: unknown, origin: string): Promise<SigningKey> {
  const list = Array.isArray(keys) ? (keys as JWK[]) : [keys as JWK]
  const jwk = list.find((key) => key && key.kty === 'EC' && key.crv === 'P-256' && typeof key.d === 'string')
  if (!jwk || (jwk.alg !== undefined && jwk.alg !== 'ES256')) {
    throw new Error(`${origin} holds no ES256 private key (an EC P-256 JWK with "d")`)
  }
  const { kty, crv, x, y, d } = jwk
  const privateKey = (await importJWK({ kty, crv, x, y, d }, 'ES256')) as CryptoKey
  const publicKey = (await importJWK({ kty, crv, x, y }, 'ES256')) as CryptoKey
  const kid = jwk.kid ?? (await calculateJwkThumbprint({ kty, crv, x, y }))
  // No `ext: false`: auth-js imports the JWK as extractable and WebCrypto refuses that combination.
  return { kid, privateKey, publicKey, publicJwk: { kty, crv, x, y, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] } }
}
