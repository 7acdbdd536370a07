import type { Handler } from '../http/http.ts'
import { sendJson } from '../http/http.ts'
import type { ServiceContext } from '../stack.ts'

export function createStorageService(_ctx: ServiceContext): Handler {
  return async (_req, res) => sendJson(res, 400, { statusCode: '404', error: 'not_found', message: 'not implemented yet' })
}
