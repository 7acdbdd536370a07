// Reading auth emails from the stack's mail catcher through its Mailpit-shaped API, as tests do.
import type { MailCatcher } from '../mail/mail-catcher.ts'

export interface CaughtEmail {
  subject: string
  HTML: string
}

/** Every email the catcher holds for `to`, newest first. */
export async function inbox(mail: MailCatcher, to: string): Promise<CaughtEmail[]> {
  const res = await fetch(`${mail.inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
  const { messages } = (await res.json()) as { messages: { ID: string; Subject: string }[] }
  return Promise.all(
    messages.map(async (m) => ({ subject: m.Subject, ...((await (await fetch(`${mail.inboxUrl}/api/v1/message/${m.ID}`)).json()) as { HTML: string }) })),
  )
}

export const clearInbox = async (mail: MailCatcher) => void (await fetch(`${mail.inboxUrl}/api/v1/messages`, { method: 'DELETE' }))

/** The token_hash of the link in an auth email (GoTrue's SHA-224, 56 hex digits). */
export const tokenHashIn = (html: string) => /token_hash=([0-9a-f]{56})/.exec(html)![1]!
