import type { Handler } from '../http/http.ts'
import { sendEmpty, sendJson } from '../http/http.ts'
import type { ServiceContext } from '../stack.ts'
import { adminCreateUser, adminDeleteFactor, adminDeleteUser, adminGetUser, adminListFactors } from './admin.ts'
import { AuthError, sendFailure } from './auth-errors.ts'
import { bodyReader, ok, type AuthRequest, type Reply } from './auth-context.ts'
import { tokenGrant } from './grants.ts'
import { invite } from './invite.ts'
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.ts'
import { RateLimiter } from './rate-limit.ts'
import { recover, resend } from './recover.ts'
import { signup } from './signup.ts'
import { verifyLink, verifyToken } from './verify.ts'
import { getUser, logout, updateUser } from './user-routes.ts'

const SETTINGS = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    facebook: false,
    figma: false,
    fly: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    kakao: false,
    linkedin_oidc: false,
    notion: false,
    spotify: false,
    slack_oidc: false,
    workos: false,
    twitch: false,
    twitter: false,
    zoom: false,
    email: true,
    phone: false,
  },
  disable_signup: false,
  mailer_autoconfirm: true,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
}

type Route = (a: AuthRequest, ...params: string[]) => Promise<Reply>

const json =
  (fn: (a: AuthRequest, ...params: string[]) => Promise<unknown>): Route =>
  async (a, ...params) =>
    ok(await fn(a, ...params))

// `:id` stands for one path segment, handed to the route decoded.
const ROUTES: Record<string, Route> = {
  'GET /health': async () => ok({ version: 'local', name: 'GoTrue', description: 'ShelfSnap local auth' }),
  'GET /settings': async (a) =>
    ok({ ...SETTINGS, mailer_autoconfirm: !a.config.enableConfirmations, external: { ...SETTINGS.external, anonymous_users: a.config.enableAnonymousSignIns } }),
  'GET /.well-known/jwks.json': async (a) => ok(a.tokens.jwks(), { 'Cache-Control': 'public, max-age=600' }),
  'POST /signup': json(signup),
  'POST /recover': json(recover),
  'POST /resend': json(resend),
  'GET /verify': verifyLink,
  'POST /verify': json(verifyToken),
  'POST /token': json(tokenGrant),
  'GET /user': json(getUser),
  'PUT /user': json(updateUser),
  'POST /logout': logout,
  'POST /factors': json(enrollFactor),
  'POST /factors/:id/challenge': json(challengeFactor),
  'POST /factors/:id/verify': json(verifyFactor),
  'DELETE /factors/:id': json(unenrollFactor),
  'POST /invite': json(invite),
  'POST /admin/users': json(adminCreateUser),
  'GET /admin/users/:id': json(adminGetUser),
  'DELETE /admin/users/:id': json(adminDeleteUser),
  'GET /admin/users/:id/factors': json(adminListFactors),
  'DELETE /admin/users/:id/factors/:id': json(adminDeleteFactor),
}

const PATTERNS = Object.entries(ROUTES).map(([key, route]) => {
  const [method, pattern] = key.split(' ') as [string, string]
  return { method, route, regex: new RegExp(`^${pattern.replaceAll(':id', '([^/]+)').replaceAll('.', '\\.')}$`) }
})

function match(method: string, path: string): { route: Route; params: string[] } | null {
  for (const candidate of PATTERNS) {
    const found = candidate.method === method ? candidate.regex.exec(path) : null
    if (found) return { route: candidate.route, params: found.slice(1).map(safeDecode) }
  }
  return null
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export function createAuthService(ctx: ServiceContext): Handler {
  const signInLimiter = new RateLimiter(ctx.config.signInRateLimit)
  const anonymousLimiter = new RateLimiter(ctx.config.anonymousSignInRateLimit)
  const emailLimiter = new RateLimiter(ctx.config.emailRateLimit)
  const mfaChallengeLimiter = new RateLimiter(ctx.config.mfa.rateLimit)
  const mfaVerifyLimiter = new RateLimiter(ctx.config.mfa.rateLimit)
  return async (req, res, path, url) => {
    try {
      const found = match(req.method ?? 'GET', path.length > 1 ? path.replace(/\/$/, '') : path)
      if (!found) throw new AuthError(404, 'not_found', 'Unhandled request')
      const a: AuthRequest = {
        ...ctx,
        signInLimiter,
        anonymousLimiter,
        emailLimiter,
        mfaChallengeLimiter,
        mfaVerifyLimiter,
        req,
        url,
        body: bodyReader(req, ctx.config.maxBodyBytes),
      }
      const reply = await found.route(a, ...found.params)
      if (reply.body === undefined) sendEmpty(res, reply.status, reply.headers)
      else sendJson(res, reply.status, reply.body, reply.headers)
    } catch (error) {
      sendFailure(req, res, error)
    }
  }
}
