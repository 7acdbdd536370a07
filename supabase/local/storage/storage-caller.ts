import type { IncomingMessage } from 'node:http'
import { asCaller, lowercaseHeaders, type CallerContext } from '../db/as-caller.ts'
import type { Database, Queryable } from '../db/database.ts'
import { resolveCaller } from '../gateway.ts'
import type { Tokens } from '../tokens.ts'
import { isUuid } from '../uuid.ts'
import { errors } from './storage-errors.ts'

export interface StorageCaller extends CallerContext {
  /** JWT `sub`, stored as owner_id */
  sub: string | null
  /** `sub` when it is a uuid (the owner column's type) */
  owner: string | null
}

/** The caller of a user-scoped route; a bad JWT is refused as Storage's jwt plugin does. */
export async function storageCaller(
  req: IncomingMessage,
  path: string,
  tokens: Tokens,
  operation: string,
): Promise<StorageCaller> {
  const caller = await resolveCaller(req.headers, tokens)
  if (!caller.ok) throw errors.accessDenied(caller.error.message)
  const sub = typeof caller.claims.sub === 'string' && caller.claims.sub !== '' ? caller.claims.sub : null
  return {
    role: caller.role,
    claims: caller.claims,
    method: req.method ?? 'GET',
    path,
    headers: lowercaseHeaders(req.headers),
    settings: {
      'request.jwt': caller.token ?? '',
      'storage.operation': operation,
      'storage.allow_delete_query': 'true',
    },
    sub,
    owner: sub && isUuid(sub) ? sub : null,
  }
}

export function runAsCaller<T>(
  db: Database,
  caller: StorageCaller,
  readOnly: boolean,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return asCaller(db, caller, { readOnly }, fn)
}

class Rollback extends Error {}

/** Runs `fn` as the caller and always rolls back: Storage's permission probe. */
export async function probeAsCaller(db: Database, caller: StorageCaller, fn: (tx: Queryable) => Promise<void>) {
  try {
    await asCaller(db, caller, { readOnly: false }, async (tx) => {
      await fn(tx)
      throw new Rollback()
    })
  } catch (error) {
    if (!(error instanceof Rollback)) throw error
  }
}
