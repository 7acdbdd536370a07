import type { Handler } from '../http/http.ts'
import { sendEmpty, sendJson } from '../http/http.ts'
import type { ServiceContext } from '../stack.ts'
import { adminCreateUser, adminDeleteUser, adminGetUser } from './admin.ts'
import { AuthError, sendFailure } from './auth-errors.ts'
import { bodyReader, ok, type AuthRequest, type Reply } from './auth-context.ts'
import { tokenGrant } from './grants.ts'
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

type Route = (a: AuthRequest, param: string) => Promise<Reply>

const json =
  (fn: (a: AuthRequest, param: string) => Promise<unknown>): Route =>
  async (a, param) =>
    ok(await fn(a, param))

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
  'POST /admin/users': json(adminCreateUser),
  'GET /admin/users/:id': json(adminGetUser),
  'DELETE /admin/users/:id': json(adminDeleteUser),
}

function match(method: string, path: string): { route: Route; param: string } | null {
  const exact = ROUTES[`${method} ${path}`]
  if (exact) return { route: exact, param: '' }
  const admin = /^\/admin\/users\/([^/]+)\/?$/.exec(path)
  const route = admin ? ROUTES[`${method} /admin/users/:id`] : undefined
  return route && admin ? { route, param: safeDecode(admin[1]!) } : null
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
  return async (req, res, path, url) => {
    try {
      const found = match(req.method ?? 'GET', path.length > 1 ? path.replace(/\/$/, '') : path)
      if (!found) throw new AuthError(404, 'not_found', 'Unhandled request')
      const a: AuthRequest = { ...ctx, signInLimiter, anonymousLimiter, emailLimiter, req, url, body: bodyReader(req, ctx.config.maxBodyBytes) }
      const reply = await found.route(a, found.param)
      if (reply.body === undefined) sendEmpty(res, reply.status, reply.headers)
      else sendJson(res, reply.status, reply.body, reply.headers)
    } catch (error) {
      sendFailure(req, res, error)
    }
  }
}
