import 'server-only'

/** SITE_URL's origin (https://shop.example.com), or null when it is unset or not an http(s) address. */
export function siteUrl(): string | null {
  const value = process.env.SITE_URL?.trim()
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
  } catch {
    return null
  }
}

/**
 * Under `next start` a request's URL carries the server's own address (localhost), not
 * the one people use: in production scheduled reports go out only with SITE_URL set.
 */
export const scheduledSendsBlocked = () => process.env.NODE_ENV === 'production' && siteUrl() === null

export const SCHEDULED_SENDS_BLOCKED_LOG =
  'Scheduled reports not sent: SITE_URL (the app’s public address, like https://shop.example.com) is not set or not a URL, and the links in reports need it'

/** What Settings tells the owner while scheduled reports cannot go out. */
export const SCHEDULED_SENDS_BLOCKED =
  'Scheduled reports are not going out: this server does not know its own web address yet, which the links in the reports need. Whoever runs your ShelfSnap can set it up. “Send test report now” still works.'

/** Where the links in an email lead: SITE_URL when set, or else the address the owner's browser used. */
export function linkOrigin(requestOrigin: string | null): string {
  return siteUrl() ?? requestOrigin ?? 'http://localhost:3000'
}
