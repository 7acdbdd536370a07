import { resolve, sep } from 'node:path'
import { errors } from './storage-errors.ts'

const MAX_KEY_BYTES = 1024
// Most filesystems cap one name at 255 bytes.
const MAX_SEGMENT_BYTES = 255
const BUCKET_ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/
const CONTROL = /[\u0000-\u001f\u007f]/

export function validateBucketId(id: string): string {
  if (!BUCKET_ID.test(id)) throw errors.invalidBucketName()
  return id
}

/** An object key as Storage accepts it, and safe to use as a relative file path. */
export function validateKey(key: string): string {
  const bad =
    key.length === 0 ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    key.includes('\\') ||
    CONTROL.test(key) ||
    key.split('/').some((segment) => !segment || segment === '.' || segment === '..' || Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)
  if (bad) throw errors.invalidKey(key)
  return key
}

/** Percent-decodes a URL path part; malformed escapes are an invalid key. */
export function decodePathPart(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw errors.invalidKey(raw)
  }
}

export interface ObjectRef {
  bucket: string
  key: string
}

/** `{bucket}/{key...}` from the raw (still encoded) rest of a route path. */
export function parseObjectRef(rest: string): ObjectRef {
  const slash = rest.indexOf('/')
  if (slash <= 0) throw errors.invalidKey(decodePathPart(rest))
  const bucket = validateBucketId(decodePathPart(rest.slice(0, slash)))
  return { bucket, key: validateKey(decodePathPart(rest.slice(slash + 1))) }
}

/** The absolute file of an object, asserted to lie inside the storage folder. */
export function objectFilePath(storageDir: string, bucket: string, key: string): string {
  const root = resolve(storageDir)
  const file = resolve(root, validateBucketId(bucket), validateKey(key))
  if (!file.startsWith(root + sep)) throw errors.invalidKey(key)
  return file
}

export function bucketDirPath(storageDir: string, bucket: string): string {
  const root = resolve(storageDir)
  return resolve(root, validateBucketId(bucket))
}
