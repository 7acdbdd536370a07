// Defaults of the Supabase CLI's local stack (pkg/config/templates/config.toml, apikeys.go),
// so the app works unchanged against `supabase start` too.
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

export const DEFAULT_PORT = 54321

export interface RateLimit {
  /** attempts allowed per window, per key (IP or email) */
  max: number
  windowMs: number
}

export interface StackConfig {
  port: number
  host: string
  /** public base URL, e.g. http://127.0.0.1:54321 */
  publicUrl: string
  jwtSecret: string
  jwtExpiry: number
  refreshTokenReuseInterval: number
  minimumPasswordLength: number
  signInRateLimit: RateLimit
  /**
   * GoTrue's RATE_LIMIT_HEADER: the request header that carries the end user's address when a
   * server calls auth for them (Sb-Forwarded-For, as hosted Supabase's IP address forwarding);
   * honoured only with the secret key. null: always the socket's.
   */
  rateLimitHeader: string | null
  /**
   * GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD (hosted: Authentication → "Require
   * current password when updating"): PUT /user sets a new password only with the right
   * current_password, unless the session came from an emailed link (amr otp, magiclink or recovery).
   */
  updatePasswordRequireCurrentPassword: boolean
  /** GoTrue's GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED (config.toml enable_anonymous_sign_ins) */
  enableAnonymousSignIns: boolean
  /** anonymous sign-ins per IP; GoTrue's RATE_LIMIT_ANONYMOUS_USERS is 30 an hour */
  anonymousSignInRateLimit: RateLimit
  /** largest JSON body accepted by REST and auth */
  maxBodyBytes: number
  /** global cap on uploads, on top of each bucket's own file_size_limit */
  maxUploadBytes: number
  /** PostgREST's max_rows */
  maxRows: number
  storageDir: string
  signingSecret: string
  /** [auth] site_url: where auth emails send people by default */
  siteUrl: string
  /** [auth] additional_redirect_urls: other addresses a redirect_to may name */
  additionalRedirectUrls: string[]
  /** [auth.email] enable_confirmations: a new user must follow the emailed link before signing in */
  enableConfirmations: boolean
  /** where auth emails go: the mail catcher's SMTP (54325), as under `supabase start` */
  smtpUrl: string
  /** [auth.rate_limit] email_sent: emails the auth service sends an hour, in all */
  emailRateLimit: RateLimit
  /** GoTrue's SMTP_MAX_FREQUENCY: one email per address and kind this often */
  emailMinIntervalSeconds: number
  /** [auth.email] otp_expiry: how long an emailed link works */
  otpExpirySeconds: number
  /** [auth.email.template.*]: subject and HTML file per email kind */
  emailTemplates: Record<EmailTemplateKind, { subject: string; contentPath: string }>
  /** GoTrue's MFA settings ([auth.mfa] in config.toml) */
  mfa: MfaConfig
}

export const EMAIL_TEMPLATE_KINDS = ['confirmation', 'recovery', 'invite'] as const
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number]

export interface MfaConfig {
  /** [auth.mfa.totp] enroll_enabled / verify_enabled */
  totpEnrollEnabled: boolean
  totpVerifyEnabled: boolean
  /** [auth.mfa] max_enrolled_factors: factors of any status a user may hold (GoTrue's default 10) */
  maxEnrolledFactors: number
  /** GOTRUE_MFA_MAX_VERIFIED_FACTORS (10) */
  maxVerifiedFactors: number
  /** GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION: a challenge answers for this long (300 s) */
  challengeExpirySeconds: number
  /** GOTRUE_MFA_FACTOR_EXPIRY_DURATION: an unverified factor never challenged goes after this long (300 s) */
  factorExpirySeconds: number
  /**
   * GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: 15 a minute per IP with bursts of 30, for challenge
   * and verify each; here a window of 30 every 2 minutes.
   */
  rateLimit: RateLimit
}

export function defaultConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  const port = overrides.port ?? DEFAULT_PORT
  const host = overrides.host ?? '127.0.0.1'
  return {
    port,
    host,
    publicUrl: overrides.publicUrl ?? `http://${host}:${port}`,
    jwtSecret: JWT_SECRET,
    jwtExpiry: 3600,
    refreshTokenReuseInterval: 10,
    minimumPasswordLength: 6,
    signInRateLimit: { max: 30, windowMs: 5 * 60_000 },
    rateLimitHeader: 'Sb-Forwarded-For',
    updatePasswordRequireCurrentPassword: true,
    enableAnonymousSignIns: true,
    anonymousSignInRateLimit: { max: 30, windowMs: 60 * 60_000 },
    maxBodyBytes: 1024 * 1024,
    maxUploadBytes: 50 * 1024 * 1024,
    maxRows: 1000,
    storageDir: '.data/storage',
    signingSecret: JWT_SECRET,
    siteUrl: 'http://localhost:3000',
    additionalRedirectUrls: ['http://127.0.0.1:3000'],
    enableConfirmations: false,
    smtpUrl: 'smtp://127.0.0.1:54325',
    emailRateLimit: { max: 2, windowMs: 60 * 60_000 },
    emailMinIntervalSeconds: 60,
    otpExpirySeconds: 3600,
    emailTemplates: {
      confirmation: { subject: 'Confirm Your Signup', contentPath: 'supabase/templates/confirmation.html' },
      recovery: { subject: 'Reset Your Password', contentPath: 'supabase/templates/recovery.html' },
      invite: { subject: 'You have been invited', contentPath: 'supabase/templates/invite.html' },
    },
    mfa: {
      totpEnrollEnabled: true,
      totpVerifyEnabled: true,
      maxEnrolledFactors: 10,
      maxVerifiedFactors: 10,
      challengeExpirySeconds: 300,
      factorExpirySeconds: 300,
      rateLimit: { max: 30, windowMs: 2 * 60_000 },
    },
    ...overrides,
  }
}
