/**
 * "This browser's account has an authenticator": set where the auth server has just said so
 * (signing in, an emailed link, turning two-factor on or off; lib/auth/second-step.ts), so the
 * proxy can send a password-only session to /auth/mfa without reading the unverified session
 * on every request. It only steers pages: the database itself refuses such a session
 * everything (public.aal_ok()).
 */
export const SECOND_STEP_COOKIE = 'shelfsnap-2fa'
