import type { Handler } from '../http/http.ts'
import { sendJson } from '../http/http.ts'
import type { ServiceContext } from '../stack.ts'

export interface RestService {
  handle: Handler
  reload(): Promise<void>
}

export async function createRestService(_ctx: ServiceContext): Promise<RestService> {
  return {
    handle: async (_req, res, path) => {
      if (path === '/') return sendJson(res, 200, {})
      sendJson(res, 404, { code: 'PGRST205', message: 'not implemented yet', details: null, hint: null })
    },
    reload: async () => {},
  }
}
