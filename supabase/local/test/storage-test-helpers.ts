import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../config.ts'
import { signJwt } from '../jwt.ts'
import type { Stack } from '../stack.ts'

export const migrationsDir = new URL('./fixtures/storage/migrations', import.meta.url).pathname

export interface StorageUser {
  id: string
  email: string
  token: string
  client: SupabaseClient
}

// Node 20 has no global WebSocket and realtime-js throws without one; these
// tests never subscribe, so a transport that is never constructed will do.
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used in these tests')
  }
}

function client(stack: Stack, key: string, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(stack.url, key, {
    global: { headers },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  })
}

export const anonStorageClient = (stack: Stack) => client(stack, PUBLISHABLE_KEY)
export const serviceStorageClient = (stack: Stack) => client(stack, SECRET_KEY)

/**
 * A user signed up through the auth API; while that service is not there, a
 * user row inserted as superuser with a token minted like GoTrue's (no session_id).
 */
export async function storageUser(stack: Stack): Promise<StorageUser> {
  const email = `user-${randomUUID()}@example.com`
  const signingUp = anonStorageClient(stack)
  const { data } = await signingUp.auth.signUp({ email, password: 'correct-horse-battery' })
  if (data.session && data.user) return { id: data.user.id, email, token: data.session.access_token, client: signingUp }
  const id = randomUUID()
  await stack.db.query(`insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`, [
    id,
    email,
  ])
  const exp = Math.floor(Date.now() / 1000) + 3600
  const token = signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email, exp }, stack.config.jwtSecret)
  return { id, email, token, client: client(stack, PUBLISHABLE_KEY, { Authorization: `Bearer ${token}` }) }
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
