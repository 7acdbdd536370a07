// The emails GoTrue sends (sign-up confirmation, password recovery, invite): a
// one-time token stored as GoTrue stores it (the SHA-224 of email + code, in
// confirmation_token or recovery_token), the project's template from
// supabase/templates, sent over SMTP to the mail catcher, within GoTrue's limits.
import { createHash, randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import nodemailer from 'nodemailer'
import type { EmailTemplateKind } from '../config.ts'
import type { Queryable } from '../db/database.ts'
import { AuthError } from './auth-errors.ts'
import type { AuthRequest } from './auth-context.ts'
import type { UserRow } from './users.ts'

export type EmailKind = EmailTemplateKind

/**
 * Per kind: where its token is kept, the verify type its link names, and whether it waits out
 * max_frequency. An invite is GoTrue's sendInvite: the confirmation token, invited_at set too,
 * and no max_frequency.
 */
export const TOKEN_COLUMNS = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', type: 'signup', stamp: '', frequencyLimited: true },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', type: 'recovery', stamp: '', frequencyLimited: true },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', type: 'invite', stamp: ', invited_at = now()', frequencyLimited: false },
} as const

export const tokenHashOf = (email: string, otp: string) => createHash('sha224').update(email + otp).digest('hex')

const FROM = 'ShelfSnap <noreply@shelfsnap.local>'

/** A redirect_to the project allows (site_url or additional_redirect_urls, by prefix), else site_url. */
export function allowedRedirect(a: Pick<AuthRequest, 'config'>, redirectTo: string | null | undefined): string {
  if (redirectTo && [a.config.siteUrl, ...a.config.additionalRedirectUrls].some((allowed) => redirectTo.startsWith(allowed.replace(/\/$/, '')))) {
    return redirectTo
  }
  return a.config.siteUrl
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

// Go templates as GoTrue fills them: only the {{ .Name }} and {{ .Data.key }} forms are used by our
// templates. .Data is the user's metadata (an invite's `data`); html/template escapes what it prints.
const fill = (template: string, values: Record<string, string>, data: Record<string, unknown>) =>
  template
    .replace(/\{\{\s*\.Data\.(\w+)\s*\}\}/g, (_, key: string) => (typeof data[key] === 'string' || typeof data[key] === 'number' ? escapeHtml(String(data[key])) : ''))
    .replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole)

/**
 * Issues a new token of `kind` for the user and emails it. GoTrue's limits: one email per
 * address and kind every max_frequency (not for invites), and email_sent an hour in all (429 either way).
 */
export async function sendAuthEmail(a: AuthRequest, q: Queryable, user: UserRow, kind: EmailKind, redirectTo: string): Promise<void> {
  const columns = TOKEN_COLUMNS[kind]
  const email = user.email!
  if (columns.frequencyLimited) {
    const { rows } = await q.query<{ wait: number }>(
      `select ceil(extract(epoch from ${columns.sentAt} + make_interval(secs => $2) - now()))::int as wait from auth.users where id = $1`,
      [user.id, a.config.emailMinIntervalSeconds],
    )
    const wait = rows[0]?.wait ?? 0
    if (wait > 0) throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`)
  }
  if (!a.emailLimiter.hit(['project'])) throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')

  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const tokenHash = tokenHashOf(email, otp)
  await q.query(`update auth.users set ${columns.token} = $2, ${columns.sentAt} = now()${columns.stamp}, updated_at = now() where id = $1`, [
    user.id,
    tokenHash,
  ])

  const verifyUrl = `${a.config.publicUrl}/auth/v1/verify?token=${tokenHash}&type=${columns.type}&redirect_to=${encodeURIComponent(redirectTo)}`
  const template = a.config.emailTemplates[kind]
  const html = fill(await readFile(template.contentPath, 'utf8'), {
    ConfirmationURL: escapeHtml(verifyUrl),
    Token: otp,
    TokenHash: tokenHash,
    SiteURL: escapeHtml(a.config.siteUrl.replace(/\/$/, '')),
    RedirectTo: escapeHtml(redirectTo),
    Email: escapeHtml(email),
  }, user.raw_user_meta_data ?? {})
  const transport = nodemailer.createTransport(a.config.smtpUrl)
  try {
    await transport.sendMail({ from: FROM, to: email, subject: template.subject, html })
  } catch (error) {
    throw new AuthError(500, 'unexpected_failure', `Error sending ${kind} email: ${(error as Error).message}`)
  } finally {
    transport.close()
  }
}
