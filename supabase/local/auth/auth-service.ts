import type { Handler } from '../http/http.ts'
import { sendJson } from '../http/http.ts'
import type { ServiceContext } from '../stack.ts'

export function createAuthService(_ctx: ServiceContext): Handler {
  return async (_req, res, path) => {
    if (path === '/health') return sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'ShelfSnap local auth' })
    sendJson(res, 404, { code: 'not_found', message: 'not implemented yet' })
  }
}
