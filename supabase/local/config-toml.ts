// The auth keys of supabase/config.toml that the local stack honours, as the CLI's
// GoTrue would: site URL, redirect list, confirmations, email rate limits, the
// email templates and the MFA switches. Anything else in the file is the CLI's business.
import { readFileSync } from 'node:fs'
import { parse } from 'smol-toml'
import { defaultConfig, EMAIL_TEMPLATE_KINDS, type StackConfig } from './config.ts'

type Table = Record<string, unknown>
const table = (value: unknown): Table => (value && typeof value === 'object' ? (value as Table) : {})

/** "1m0s", "60s", "1h" (Go durations, as the CLI writes them) in seconds. */
export function goDurationSeconds(value: string): number | null {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)]
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== value) return null
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0)
}

export function authConfigFromToml(path = 'supabase/config.toml'): Partial<StackConfig> {
  let root: Table
  try {
    root = parse(readFileSync(path, 'utf8'))
  } catch {
    return {}
  }
  const auth = table(root.auth)
  const email = table(auth.email)
  const limits = table(auth.rate_limit)
  const templates = table(email.template)
  const out: Partial<StackConfig> = {}
  if (typeof auth.site_url === 'string') out.siteUrl = auth.site_url
  if (Array.isArray(auth.additional_redirect_urls)) out.additionalRedirectUrls = auth.additional_redirect_urls.filter((url) => typeof url === 'string')
  if (typeof email.enable_confirmations === 'boolean') out.enableConfirmations = email.enable_confirmations
  if (typeof email.otp_expiry === 'number') out.otpExpirySeconds = email.otp_expiry
  const frequency = typeof email.max_frequency === 'string' ? goDurationSeconds(email.max_frequency) : null
  if (frequency !== null) out.emailMinIntervalSeconds = frequency
  if (typeof limits.email_sent === 'number') out.emailRateLimit = { max: limits.email_sent, windowMs: 60 * 60_000 }
  const emailTemplates: StackConfig['emailTemplates'] = { ...defaultConfig().emailTemplates }
  let anyTemplate = false
  for (const kind of EMAIL_TEMPLATE_KINDS) {
    const template = table(templates[kind])
    if (typeof template.subject === 'string' && typeof template.content_path === 'string') {
      emailTemplates[kind] = { subject: template.subject, contentPath: template.content_path.replace(/^\.\//, '') }
      anyTemplate = true
    }
  }
  if (anyTemplate) out.emailTemplates = emailTemplates
  const mfa = mfaConfig(table(auth.mfa))
  if (mfa) out.mfa = mfa
  return out
}

function mfaConfig(section: Table): StackConfig['mfa'] | null {
  if (Object.keys(section).length === 0) return null
  const mfa = { ...defaultConfig().mfa }
  const totp = table(section.totp)
  if (typeof totp.enroll_enabled === 'boolean') mfa.totpEnrollEnabled = totp.enroll_enabled
  if (typeof totp.verify_enabled === 'boolean') mfa.totpVerifyEnabled = totp.verify_enabled
  if (typeof section.max_enrolled_factors === 'number') mfa.maxEnrolledFactors = section.max_enrolled_factors
  return mfa
}
