import { randomUUID } from 'node:crypto'
import { isUuid } from '../uuid.ts'
import type { Queryable } from '../db/database.ts'
import type { JsonObject } from './request-body.ts'

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000'

const TIMESTAMPS = [
  'email_confirmed_at',
  'invited_at',
  'phone_confirmed_at',
  'confirmed_at',
  'confirmation_sent_at',
  'recovery_sent_at',
  'last_sign_in_at',
  'banned_until',
  'deleted_at',
  'created_at',
  'updated_at',
] as const
type TimestampColumn = (typeof TIMESTAMPS)[number]

export type UserRow = Record<TimestampColumn, string | null> & {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  phone: string | null
  encrypted_password: string | null
  raw_app_meta_data: JsonObject | null
  raw_user_meta_data: JsonObject | null
  email_change: string | null
  is_anonymous: boolean
  banned: boolean
}

/** timestamptz comes back as Postgres text; User JSON wants RFC 3339. */
export const rfc3339 = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${column}`

const USER_SELECT = `select id::text, aud, role, email, phone, encrypted_password, raw_app_meta_data,
  raw_user_meta_data, email_change, is_anonymous, coalesce(banned_until > now(), false) as banned,
  ${TIMESTAMPS.map(rfc3339).join(', ')} from auth.users`

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null
  const { rows } = await q.query<UserRow>(`${USER_SELECT} where id = $1::uuid`, [id])
  return rows[0] ?? null
}

/** GoTrue's FindUserByEmailAndAudience: case-insensitive, SSO users excluded. */
export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(
    `${USER_SELECT} where lower(email) = $1 and is_sso_user = false and deleted_at is null order by created_at limit 1`,
    [email.toLowerCase()],
  )
  return rows[0] ?? null
}

type IdentityRow = Record<string, unknown>

export async function findIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query(
    `select id::text as identity_id, provider_id as id, user_id::text, identity_data, provider,
       ${['last_sign_in_at', 'created_at', 'updated_at'].map(rfc3339).join(', ')}, email
     from auth.identities where user_id = $1::uuid order by created_at, id`,
    [userId],
  )
  return rows
}

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: 'unverified' | 'verified'
  secret: string | null
  phone: string | null
  created_at: string
  updated_at: string
  last_challenged_at: string | null
}

export const FACTOR_SELECT = `select id::text, user_id::text, friendly_name, factor_type::text, status::text, secret, phone,
  ${['created_at', 'updated_at', 'last_challenged_at'].map(rfc3339).join(', ')} from auth.mfa_factors`

export async function findFactors(q: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(`${FACTOR_SELECT} where user_id = $1::uuid order by created_at, id`, [userId])
  return rows
}

/** GoTrue's models.Factor JSON: the secret never leaves. */
export function factorJson(factor: FactorRow): JsonObject {
  return {
    id: factor.id,
    created_at: factor.created_at,
    updated_at: factor.updated_at,
    status: factor.status,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
    phone: factor.phone ?? '',
    last_challenged_at: factor.last_challenged_at,
  }
}

/** The User object of GoTrue's models.User JSON tags (factors only when there are some). */
export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[] = []): JsonObject {
  const optional: JsonObject = {}
  for (const column of TIMESTAMPS) {
    if (column !== 'created_at' && column !== 'updated_at' && user[column]) optional[column] = user[column]
  }
  if (user.email_change) optional.new_email = user.email_change
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    ...optional,
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    ...(factors.length > 0 ? { factors: factors.map(factorJson) } : {}),
    identities: identities,
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: user.is_anonymous,
  }
}

export async function loadUserJson(q: Queryable, user: UserRow): Promise<JsonObject> {
  return userJson(user, await findIdentities(q, user.id), await findFactors(q, user.id))
}

export interface NewUser {
  email: string
  passwordHash: string
  userMetadata: JsonObject
  appMetadata?: JsonObject
  confirm: boolean
}

/**
 * Writes the rows as GoTrue does: the INSERT with role '' (so auth.users
 * triggers see what they see under GoTrue), then role, identity and confirmation.
 */
export async function insertUser(tx: Queryable, input: NewUser): Promise<string> {
  const id = randomUUID()
  const identityData = { sub: id, email: input.email, email_verified: false, phone_verified: false }
  const appMetadata = { ...input.appMetadata, provider: 'email', providers: ['email'] }
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous,
       confirmation_token, recovery_token, email_change_token_new, email_change)
     values ($1, $2, 'authenticated', '', $3, $4, $5::jsonb, $6::jsonb, false, now(), now(), false, '', '', '', '')`,
    [INSTANCE_ID, id, input.email, input.passwordHash, JSON.stringify(appMetadata), JSON.stringify({ ...input.userMetadata, ...identityData })],
  )
  await tx.query(`update auth.users set role = 'authenticated', updated_at = now() where id = $1`, [id])
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $3::uuid, $2::jsonb, 'email', now(), now(), now())`,
    [id, JSON.stringify(identityData), id],
  )
  if (input.confirm) {
    await tx.query(
      `update auth.users set email_confirmed_at = now(), updated_at = now(),
         raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb where id = $1`,
      [id],
    )
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb
       where user_id = $1::uuid and provider = 'email'`,
      [id],
    )
  }
  return id
}
