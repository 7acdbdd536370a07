import type { BrowserContext } from '@playwright/test'

/**
 * The context's Realtime websockets, passed through to the stack: `joined` counts the channels
 * subscribed ("Subscribed to PostgreSQL"); `drop()` closes them all and refuses new ones until
 * `restore()`, as a lost connection would.
 */
export async function realtimeSockets(context: BrowserContext) {
  const open: (() => Promise<void>)[] = []
  let down = false
  const sockets = {
    joined: 0,
    async drop() {
      down = true
      await Promise.all(open.splice(0).map((close) => close()))
    },
    restore: () => void (down = false),
  }
  await context.routeWebSocket(/\/realtime\/v1\/websocket/, (page) => {
    const close = () => page.close({ code: 4000, reason: 'dropped by the test' })
    if (down) return void close()
    const server = page.connectToServer()
    server.onMessage((message) => {
      if (String(message).includes('Subscribed to PostgreSQL')) sockets.joined += 1
      page.send(message)
    })
    open.push(close)
  })
  return sockets
}
