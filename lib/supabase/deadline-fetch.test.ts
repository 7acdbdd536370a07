import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient } from '@supabase/supabase-js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { backendSeemsDown, markBackendUp } from '@/lib/http/backend-health'
import { BACKEND_UNREACHABLE_MESSAGE, OUTAGE_DIGEST_PREFIX } from '@/lib/http/outage'
import { BackendUnreachableError, callFailure, deadlineFetch, isBackendFailure } from './deadline-fetch'
import { serverClientOptions } from './server-options'

const servers: Server[] = []

/** A real server: `hang` never answers, a status answers with it. */
async function serve(answer: 'hang' | number): Promise<string> {
  const server = createServer((_request, response) => {
    if (answer !== 'hang') response.writeHead(answer, { 'Content-Type': 'application/json' }).end('{}')
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A port nobody listens on. */
async function closedPort(): Promise<string> {
  const url = await serve(200)
  const server = servers.pop()!
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
  return url
}

beforeEach(() => markBackendUp())
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
})

describe('deadlineFetch', () => {
  it('gives up at the deadline with a typed error and marks the backend down', async () => {
    const url = `${await serve('hang')}/rest/v1/products`
    const started = performance.now()
    const failure = await deadlineFetch(300)(url).catch((error: unknown) => error)
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(failure).toBeInstanceOf(BackendUnreachableError)
    expect((failure as BackendUnreachableError).message).toBe(BACKEND_UNREACHABLE_MESSAGE)
    expect((failure as BackendUnreachableError).digest.startsWith(OUTAGE_DIGEST_PREFIX)).toBe(true)
    expect(backendSeemsDown()).toBe(true)
  })

  it('turns a refused connection into the typed error; a database answer marks the backend up again', async () => {
    await expect(deadlineFetch(1_000)(`${await closedPort()}/rest/v1/products`)).rejects.toBeInstanceOf(BackendUnreachableError)
    expect(backendSeemsDown()).toBe(true)
    // auth answering says nothing about the database
    expect((await deadlineFetch(1_000)(`${await serve(200)}/auth/v1/user`)).status).toBe(200)
    expect(backendSeemsDown()).toBe(true)
    expect((await deadlineFetch(1_000)(new URL(`${await serve(404)}/rest/v1/products`))).status).toBe(404)
    expect(backendSeemsDown()).toBe(false)
    expect((await deadlineFetch(1_000)(`${await serve(503)}/auth/v1/user`)).status).toBe(503)
    expect(backendSeemsDown()).toBe(false)
  })

  it.each([502, 503, 504])('takes a database API answering %i (PostgREST cannot reach PostgreSQL) as an outage, with the typed error', async (status) => {
    await expect(deadlineFetch(1_000)(`${await serve(status)}/rest/v1/products`)).rejects.toBeInstanceOf(BackendUnreachableError)
    expect(backendSeemsDown()).toBe(true)
  })

  it('a PostgREST 503 reaches a supabase-js caller as the outage message', async () => {
    const supabase = createClient(await serve(503), 'key', serverClientOptions())
    const { error } = await supabase.from('products').select('id')
    expect(isBackendFailure(error)).toBe(true)
  })

  it('tries an idempotent call once more when its connection drops (a kept-alive socket closed by the server), never a POST or PATCH', async () => {
    let calls = 0
    const server = createServer((request, response) => {
      calls += 1
      if (calls === 1) return void request.socket.destroy()
      response.end('ok')
    })
    servers.push(server)
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/v1/products`
    expect(await (await deadlineFetch(2_000)(url)).text()).toBe('ok')
    expect(calls).toBe(2)
    calls = 0
    expect(await (await deadlineFetch(2_000)(url, { method: 'DELETE' })).text()).toBe('ok')
    expect(calls).toBe(2)
    for (const method of ['POST', 'PATCH']) {
      calls = 0
      await expect(deadlineFetch(2_000)(url, { method, body: '{}' })).rejects.toBeInstanceOf(BackendUnreachableError)
      expect(calls).toBe(1)
    }
  })

  it('counts time without progress: a long answer that keeps coming is kept, one that stalls is cut', async () => {
    const server = createServer((request, response) => {
      response.writeHead(200)
      let sent = 0
      const timer = setInterval(() => {
        if (request.url === '/stall' && sent === 1) return
        response.write('x')
        if (++sent === 6) {
          clearInterval(timer)
          response.end()
        }
      }, 100)
      response.on('close', () => clearInterval(timer))
    })
    servers.push(server)
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    expect(await (await deadlineFetch(300)(`${base}/steady`)).text()).toBe('xxxxxx')
    await expect((await deadlineFetch(300)(`${base}/stall`)).text()).rejects.toThrow()
  })

  it("keeps the caller's own abort: that is not an outage", async () => {
    const url = await serve('hang')
    const failure = await deadlineFetch(5_000)(url, { signal: AbortSignal.timeout(100) }).catch((error: unknown) => error)
    expect(failure).not.toBeInstanceOf(BackendUnreachableError)
    expect((failure as Error).name).toBe('TimeoutError')
    expect(backendSeemsDown()).toBe(false)
  })
})

describe('isBackendFailure, through the real supabase-js', () => {
  const key = 'sb_publishable_test'

  it('recognises auth and PostgREST calls that could not be made', async () => {
    const supabase = createClient(await closedPort(), key, { ...serverClientOptions(), auth: { persistSession: false } })
    const auth = await supabase.auth.getUser('not-a-real-jwt')
    expect(isBackendFailure(auth.error)).toBe(true)
    expect(auth.error?.message).toBe(BACKEND_UNREACHABLE_MESSAGE)
    const rest = await supabase.from('products').select('id')
    expect(isBackendFailure(rest.error)).toBe(true)
    expect(isBackendFailure(new Error(rest.error!.message))).toBe(true)
    // what a data function throws for it: the outage, with the digest the error boundary reads
    const thrown = callFailure(rest.error!)
    expect(thrown).toBeInstanceOf(BackendUnreachableError)
    expect((thrown as BackendUnreachableError).digest).toMatch(/^OUTAGE-[0-9a-f]{8}$/)
  })

  it('does not mistake a refusal for an outage', async () => {
    const supabase = createClient(await serve(401), key, { ...serverClientOptions(), auth: { persistSession: false } })
    const auth = await supabase.auth.getUser('not-a-real-jwt')
    expect(auth.error).not.toBeNull()
    expect(isBackendFailure(auth.error)).toBe(false)
    const refused = (await supabase.from('products').select('id')).error!
    expect(isBackendFailure(refused)).toBe(false)
    expect(callFailure(refused)).not.toBeInstanceOf(BackendUnreachableError)
    expect(callFailure(refused).message).toBe(new Error(refused.message).message)
    expect(isBackendFailure(null)).toBe(false)
  })
})
