import 'server-only'
import nodemailer from 'nodemailer'

export interface OutgoingEmail {
  to: string
  subject: string
  html: string
  text: string
  headers?: Record<string, string>
}

export const DEFAULT_MAIL_FROM = 'ShelfSnap <reports@shelfsnap.local>'

/** Whether this server can send email: SMTP_URL names the server (npm run dev: the local mail catcher). */
export const canSendEmail = () => Boolean(process.env.SMTP_URL)

/** Sends one email over SMTP_URL, from MAIL_FROM; throws when the server refuses it. */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  const url = process.env.SMTP_URL
  if (!url) throw new Error('SMTP_URL is not set')
  // One transport per email: the settings are read when sending, and nothing is left open.
  const transport = nodemailer.createTransport(url)
  try {
    await transport.sendMail({ from: process.env.MAIL_FROM || DEFAULT_MAIL_FROM, ...email })
  } finally {
    transport.close()
  }
}
