import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { SECRET_KEY } from '../config.ts'
import { signUpUser, testClient } from './stack-fixture.ts'
import type { Stack } from '../stack.ts'

export const migrationsDir = new URL('./fixtures/storage/migrations', import.meta.url).pathname

export interface StorageUser {
  id: string
  email: string
  token: string
  client: SupabaseClient
}

export const anonStorageClient = (stack: Stack) => testClient(stack)
export const serviceStorageClient = (stack: Stack) => testClient(stack, SECRET_KEY)

/** A user signed up through the auth API, with a client holding its session. */
export async function storageUser(stack: Stack): Promise<StorageUser> {
  const user = await signUpUser(stack)
  return { id: user.id, email: user.email, token: user.accessToken, client: user.client }
}

/** Every object file under the storage folder, as `bucket/key`, sorted (staging area excluded). */
export function filesOnDisk(stack: Stack): string[] {
  const root = stack.config.storageDir
  const out: string[] = []
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else out.push(relative(root, full))
    }
  }
  for (const entry of existsSync(root) ? readdirSync(root) : []) if (entry !== '.uploads') walk(join(root, entry))
  return out.sort()
}

export function fileBytes(stack: Stack, bucket: string, key: string): string | null {
  const file = join(stack.config.storageDir, bucket, key)
  return existsSync(file) ? readFileSync(file, 'utf8') : null
}

/** storage.objects rows as `bucket/name`, sorted, read as superuser. */
export async function objectKeys(stack: Stack): Promise<string[]> {
  const { rows } = await stack.db.query<{ key: string }>(
    "select bucket_id || '/' || name as key from storage.objects order by 1",
  )
  return rows.map((row) => row.key)
}

export async function objectRow(stack: Stack, bucket: string, name: string) {
  const { rows } = await stack.db.query<{
    id: string
    owner: string | null
    owner_id: string | null
    metadata: Record<string, unknown>
    user_metadata: Record<string, unknown> | null
    version: string | null
  }>('select id, owner, owner_id, metadata, user_metadata, version from storage.objects where bucket_id = $1 and name = $2', [
    bucket,
    name,
  ])
  return rows[0] ?? null
}
