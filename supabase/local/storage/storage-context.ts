import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StackConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { Tokens } from '../tokens.ts'
import type { FileStore } from './file-store.ts'
import type { ObjectRef } from './object-paths.ts'

export interface StorageContext {
  db: Database
  config: StackConfig
  tokens: Tokens
  files: FileStore
}

export interface StorageRequest {
  req: IncomingMessage
  res: ServerResponse
  /** the path below /storage/v1, exposed to SQL as request.path */
  path: string
  url: URL
}

export type ObjectRoute = (ctx: StorageContext, request: StorageRequest, ref: ObjectRef) => Promise<void>
