// The stack as a developer meets it: `npm run stack` output and shutdown,
// persistence across restarts, and CORS for the browser client.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../config.ts'
import { startStack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('npm run stack', () => {
  it('prints the URL and every key, answers health checks, and stops cleanly on SIGINT', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', '--memory'], {
      env: { ...process.env, SUPABASE_LOCAL_PORT: String(port) },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
    const deadline = Date.now() + 60_000
    while (!output.includes('service_role key') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    for (const text of [`http://127.0.0.1:${port}/auth/v1/.well-known/jwks.json`, PUBLISHABLE_KEY, SECRET_KEY, ANON_KEY, SERVICE_ROLE_KEY]) {
      expect(output).toContain(text)
    }
    expect((await fetch(`http://127.0.0.1:${port}/auth/v1/health`)).status).toBe(200)
    const jwks = (await (await fetch(`http://127.0.0.1:${port}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }
    expect(output).toContain(`ES256, kid ${jwks.keys[0]!.kid}`)
    expect((await fetch(`http://127.0.0.1:${port}/rest/v1/`)).status).toBe(200)
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    await expect(fetch(`http://127.0.0.1:${port}/rest/v1/`)).rejects.toThrow()
  })

  it('keeps data across restarts, applying each migration and the seed only once', async () => {
    if (process.env.TEST_DATABASE_URL) return // PGlite persistence only
    const dataDir = mkdtempSync(join(tmpdir(), 'shelfsnap-data-'))
    dirs.push(dataDir)
    const first = await startStack({ dataDir, port: 0 })
    expect(first.migrations.fresh).toBe(true)
    expect(first.migrations.seeded).toBe(true)
    expect(first.migrations.applied.length).toBeGreaterThan(0)
    await first.db.query(`insert into auth.users (id, email, aud, role) values (gen_random_uuid(), 'kept@example.com', 'authenticated', 'authenticated')`)
    const issued = await first.tokens.signAccessToken({ sub: 'kept', exp: Math.floor(Date.now() / 1000) + 60 })
    await first.stop()
    const second = await startStack({ dataDir, port: 0 })
    try {
      expect(second.migrations).toEqual({ applied: [], fresh: false, seeded: false })
      const { rows } = await second.db.query(`select email from auth.users where email in ('kept@example.com', 'demo@shelfsnap.app') order by email`)
      expect(rows).toEqual([{ email: 'demo@shelfsnap.app' }, { email: 'kept@example.com' }])
      // The signing key is kept with the data: tokens issued before the restart still verify.
      expect(second.tokens.kid).toBe(first.tokens.kid)
      await expect(second.tokens.verify(issued)).resolves.toMatchObject({ sub: 'kept' })
    } finally {
      await second.stop()
    }
  })

  it('answers CORS preflights for the browser client and exposes Content-Range', async () => {
    const stack = await startTestStack()
    try {
      const preflight = await fetch(`${stack.url}/rest/v1/products`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'apikey, authorization, content-type, prefer, x-client-info',
        },
      })
      expect(preflight.status).toBe(200)
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
      expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-info')
      const read = await fetch(`${stack.url}/rest/v1/`, { headers: { origin: 'http://localhost:3000' } })
      expect(read.headers.get('access-control-expose-headers')).toContain('Content-Range')
      expect(read.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version')
    } finally {
      await stack.stop()
    }
  })
})

describe('test stacks', () => {
  // On PostgreSQL (TEST_DATABASE_URL) the base schema alters roles, which the server shares between
  // databases: without the fixture's lock, stacks starting at once failed with "tuple concurrently updated".
  it('start side by side, each on its own database, each with every migration', async () => {
    const stacks = await Promise.all([startTestStack(), startTestStack(), startTestStack()])
    try {
      for (const stack of stacks) expect(stack.migrations.applied.length).toBeGreaterThan(0)
      expect(new Set(stacks.map((stack) => stack.url)).size).toBe(3)
    } finally {
      await Promise.all(stacks.map((stack) => stack.stop()))
    }
  })
})
