import type { Handler } from '../http/http.ts'
import type { ServiceContext } from '../stack.ts'
import { FileStore } from './file-store.ts'
import { listObjects } from './list-route.ts'
import { decodePathPart, parseObjectRef, validateBucketId } from './object-paths.ts'
import { downloadObject, downloadPublicObject, getObjectInfo, getPublicObjectInfo } from './read-routes.ts'
import { removeObjects } from './remove-route.ts'
import { getSignedObject, signObject, signObjects } from './sign.ts'
import type { StorageContext, StorageRequest } from './storage-context.ts'
import { errors, sendStorageError } from './storage-errors.ts'
import { uploadObject } from './upload-route.ts'

/** The object routes of Supabase Storage that storage-js calls, below /storage/v1. */
export function createStorageService(service: ServiceContext): Handler {
  const ctx: StorageContext = { ...service, files: new FileStore(service.config.storageDir) }
  return async (req, res, path, url) => {
    const request: StorageRequest = { req, res, path, url }
    try {
      await route(ctx, request, req.method ?? 'GET')
    } catch (error) {
      sendStorageError(res, error)
    }
  }
}

function splitFirst(text: string): [string, string | null] {
  const slash = text.indexOf('/')
  return slash < 0 ? [text, null] : [text.slice(0, slash), text.slice(slash + 1)]
}

async function route(ctx: StorageContext, request: StorageRequest, method: string): Promise<void> {
  const { path } = request
  if (!path.startsWith('/object/')) throw errors.notFound(method, path)
  const rest = path.slice('/object/'.length)
  const [first, after] = splitFirst(rest)
  const read = method === 'GET' || method === 'HEAD'
  const bucketOnly = (raw: string) => validateBucketId(decodePathPart(raw))

  if (after !== null) {
    const [, deeper] = splitFirst(after)
    if (first === 'list' && method === 'POST') return listObjects(ctx, request, bucketOnly(after))
    if (first === 'sign' && method === 'POST') {
      return deeper === null
        ? signObjects(ctx, request, bucketOnly(after))
        : signObject(ctx, request, parseObjectRef(after))
    }
    if (first === 'sign' && read) return getSignedObject(ctx, request, parseObjectRef(after))
    if (first === 'public' && read) return downloadPublicObject(ctx, request, parseObjectRef(after))
    if (first === 'authenticated' && read) return downloadObject(ctx, request, parseObjectRef(after))
    if (first === 'info' && method === 'GET') {
      const [scope, scoped] = splitFirst(after)
      if (scope === 'public' && scoped !== null) return getPublicObjectInfo(ctx, request, parseObjectRef(scoped))
      if (scope === 'authenticated' && scoped !== null) return getObjectInfo(ctx, request, parseObjectRef(scoped))
      return getObjectInfo(ctx, request, parseObjectRef(after))
    }
  }
  if (after === null && method === 'DELETE') return removeObjects(ctx, request, bucketOnly(first))
  if (read) return downloadObject(ctx, request, parseObjectRef(rest))
  if (method === 'POST' || method === 'PUT') return uploadObject(ctx, request, parseObjectRef(rest))
  throw errors.notFound(method, path)
}
