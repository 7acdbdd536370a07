import type { ChildProcess } from 'node:child_process'
import { connect } from 'node:net'

export function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: host === 'localhost' ? '127.0.0.1' : host.replace(/[[\]]/g, ''), port })
    socket.once('connect', () => (socket.destroy(), done(true)))
    socket.once('error', () => done(false))
  })
}

/** Waits for `url` to answer 2xx, failing early if `server` exits first. */
export async function waitForHttp(url: string, server?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    const ok = await fetch(url).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}
