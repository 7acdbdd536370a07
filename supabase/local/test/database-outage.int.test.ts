// PostgreSQL going away under a running stack: the REST API answers as PostgREST does (503 with
// PGRST000/PGRST001), not a 500 that reads like a bug, and recovers when the server is back.
import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.ts'
import { startStack, type Stack } from '../stack.ts'
import { signUpUser, type TestUser } from './stack-fixture.ts'
import { insertProduct, listening, received } from './realtime-test-helpers.ts'

const serverUrl = process.env.TEST_DATABASE_URL

/** A TCP hop in front of PostgreSQL that can go away (connections dropped, new ones refused) and come back. */
async function databaseHop(target: URL) {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((done) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port
        done()
      })
    })
  await listen()
  return {
    port: () => port,
    async down() {
      // close() waits for open connections, and the stack keeps one (Realtime's LISTEN): cut them first
      const closed = new Promise((done) => server!.close(done))
      for (const socket of sockets) socket.destroy()
      await closed
    },
    up: listen,
  }
}

describe.skipIf(!serverUrl)('the database goes away under the stack (PostgreSQL)', () => {
  let scratch: ScratchDatabase
  let hop: Awaited<ReturnType<typeof databaseHop>>
  let stack: Stack
  let user: TestUser

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!)
    const direct = new URL(scratch.url)
    hop = await databaseHop(direct)
    const proxied = new URL(direct)
    proxied.hostname = '127.0.0.1'
    proxied.port = String(hop.port())
    stack = await scratch.serially(() => startStack({ databaseUrl: proxied.toString(), memory: true, port: 0, seedFile: null }))
    user = await signUpUser(stack)
  })

  afterAll(async () => {
    await stack?.stop()
    await scratch?.drop()
  })

  const read = () =>
    fetch(`${stack.url}/rest/v1/products?select=id`, { headers: { apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${user.accessToken}` } })

  it('answers 503 with PostgREST codes while PostgreSQL is unreachable, and 200 again once it is back; Realtime goes on', async () => {
    expect((await read()).status).toBe(200)
    const { data: shop } = await user.client.from('shops').insert({ name: 'Outage Stores' }).select('id').single().throwOnError()
    const live = await listening(user.client, [{ event: 'INSERT', schema: 'public', table: 'products' }])

    await hop.down()
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await read()
      expect(answer.status).toBe(503)
      const body = (await answer.json()) as { code: string; message: string }
      expect(['PGRST000', 'PGRST001']).toContain(body.code)
      expect(body.message).toMatch(/^Could not connect with the database/)
    }
    const rpc = await fetch(`${stack.url}/rest/v1/rpc/open_count_session`, {
      method: 'POST',
      headers: { apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(rpc.status).toBe(503)

    await hop.up()
    await expect.poll(async () => (await read()).status, { timeout: 15_000 }).toBe(200)
    // the LISTEN connection was cut too: once it is back, changes reach the same subscription
    const id = await insertProduct(stack, user.accessToken, shop.id)
    await received(live, id)
    await user.client.removeAllChannels()
  })
})
