import type { Queryable } from '../db/database.ts'

/**
 * GoTrue's emailChangeVerify with autoconfirm: the email is set and confirmed;
 * a user without an email identity (an anonymous one) gets it, with "email"
 * among its providers, and is anonymous no more.
 */
export async function applyEmailChange(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now() where id = $1::uuid`,
    [userId, email],
  )
  const { affectedRows } = await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
       updated_at = now() where user_id = $1::uuid and provider = 'email'`,
    [userId, email],
  )
  if (affectedRows === 0) await addEmailIdentity(tx, userId, email)
  await tx.query('update auth.users set is_anonymous = false where id = $1::uuid and is_anonymous', [userId])
}

async function addEmailIdentity(tx: Queryable, userId: string, email: string): Promise<void> {
  const identityData = { sub: userId, email, email_verified: true, phone_verified: false }
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2::uuid, $3::jsonb, 'email', now(), now(), now())`,
    [userId, userId, JSON.stringify(identityData)],
  )
  await tx.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
       'provider', coalesce(raw_app_meta_data ->> 'provider', 'email'),
       'providers', (select jsonb_agg(distinct provider order by provider) from auth.identities where user_id = $1::uuid)
     ) where id = $1::uuid`,
    [userId],
  )
}
