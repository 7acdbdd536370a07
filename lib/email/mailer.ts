import 'server-only'
import nodemailer from 'nodemailer'

export interface OutgoingEmail {
  to: string
  subject: string
  html: string
  text: string
  headers?: Record<string, string>
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>
  close(): void
}

export const DEFAULT_MAIL_FROM = 'ShelfSnap <reports@shelfsnap.local>'

/** Whether this server can send email: SMTP_URL names the server (npm run dev: the local mail catcher). */
export const canSendEmail = () => Boolean(process.env.SMTP_URL)

/**
 * A connection to SMTP_URL, sending from MAIL_FROM; `connections` > 1 keeps a pool of that
 * many open for a run of sends. Close it when done.
 */
export function createMailer({ connections = 1 }: { connections?: number } = {}): Mailer {
  const url = process.env.SMTP_URL
  if (!url) throw new Error('SMTP_URL is not set')
  const transport =
    connections > 1
      ? nodemailer.createTransport({ url, pool: true, maxConnections: connections, connectionTimeout: 15_000, socketTimeout: 30_000 })
      : nodemailer.createTransport(url)
  const from = process.env.MAIL_FROM || DEFAULT_MAIL_FROM
  return {
    async send(email) {
      await transport.sendMail({ from, ...email })
    },
    close: () => transport.close(),
  }
}

/** Sends one email; throws when the server refuses it. */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  // One transport per email: the settings are read when sending, and nothing is left open.
  const mailer = createMailer()
  try {
    await mailer.send(email)
  } finally {
    mailer.close()
  }
}
