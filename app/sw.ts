/// <reference lib="webworker" />
// The service worker (Serwist), built by app/serwist/[path]/route.ts during `next build`.
import { CacheFirst, ExpirationPlugin, Serwist, type PrecacheEntry, type RouteHandlerCallbackOptions, type SerwistGlobalConfig } from 'serwist'
import { KEEP_PAGES_MESSAGE, NEVER_FROM_DEVICE, OFFLINE_PAGE, PAGES_CACHE_PREFIX, TILL_PAGES, USER_HEADER } from '@/lib/offline/sw-contract'

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined
  }
}

declare const self: ServiceWorkerGlobalScope

const isTillPage = (pathname: string) => (TILL_PAGES as readonly string[]).includes(pathname)

async function pagesCaches(): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(PAGES_CACHE_PREFIX))
}

/**
 * A till page as the server rendered it for the user its response names (the proxy's header),
 * in that user's cache. Only one user's pages are kept: another's go when someone else's arrive.
 */
async function keepPage(pathname: string, response: Response): Promise<void> {
  const user = response.headers.get(USER_HEADER)
  if (!user || response.status !== 200 || response.type !== 'basic') return
  const mine = `${PAGES_CACHE_PREFIX}${user}`
  await Promise.all((await pagesCaches()).filter((name) => name !== mine).map((name) => caches.delete(name)))
  await (await caches.open(mine)).put(pathname, response)
}

async function keptPage(pathname: string): Promise<Response | undefined> {
  for (const name of await pagesCaches()) {
    const page = await (await caches.open(name)).match(pathname, { ignoreSearch: true, ignoreVary: true })
    if (page) return page
  }
  return undefined
}

/** Pages come from the network; with no network, a till page comes from the device, anything else says it needs one. */
async function navigate({ request, url, event }: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    const response = await fetch(request)
    if (isTillPage(url.pathname)) (event as ExtendableEvent).waitUntil(keepPage(url.pathname, response.clone()))
    return response
  } catch (error) {
    const fallback = (isTillPage(url.pathname) ? await keptPage(url.pathname) : undefined) ?? (await caches.match(OFFLINE_PAGE, { ignoreSearch: true }))
    if (fallback) return fallback
    throw error
  }
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new version waits until the owner reloads for it (never mid-tap): the page offers it.
  skipWaiting: false,
  clientsClaim: true,
  runtimeCaching: [
    // The barcode decoder's WebAssembly (its path names its version): kept from its first use, for counting offline.
    {
      matcher: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/zxing/'),
      handler: new CacheFirst({ cacheName: 'decoder', plugins: [new ExpirationPlugin({ maxEntries: 2 })] }),
    },
    {
      matcher: ({ request, sameOrigin, url }) => sameOrigin && request.mode === 'navigate' && !NEVER_FROM_DEVICE.test(url.pathname),
      handler: navigate,
    },
  ],
})

// The page asks, once it is controlled, that the till pages be kept for the user signed in now.
self.addEventListener('message', (event) => {
  if (event.data?.type !== KEEP_PAGES_MESSAGE) return
  const kept = Promise.all(
    TILL_PAGES.map(async (pathname) => {
      if (await keptPage(pathname)) return
      const response = await fetch(pathname, { credentials: 'same-origin', redirect: 'manual' })
      await keepPage(pathname, response)
    }),
  ).catch(() => {})
  event.waitUntil(kept.then(() => event.ports[0]?.postMessage(true)))
})

// Pages kept by the version before this one name its scripts, which are gone: the page asks for them again.
self.addEventListener('activate', (event) => {
  event.waitUntil(pagesCaches().then((names) => Promise.all(names.map((name) => caches.delete(name)))))
})

/**
 * A worker's script as a copy of its response. Trap: a response from the precache keeps its own
 * URL, without the #fragment the page started the worker with, and Turbopack's worker bootstrap
 * reads its chunk list from that fragment: every returning visit's barcode decoder died with
 * "Missing worker bootstrap config" (the server then counted instead). A copy has no URL of its
 * own, so the worker keeps the one it was started with.
 */
async function workerScript(request: Request): Promise<Response> {
  const response = (await serwist.matchPrecache(request.url.split('#')[0]!)) ?? (await fetch(request))
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

// Before Serwist's own fetch listener, which would answer with the precached response itself.
self.addEventListener('fetch', (event) => {
  if (event.request.destination !== 'worker' || new URL(event.request.url).origin !== self.location.origin) return
  event.stopImmediatePropagation()
  event.respondWith(workerScript(event.request))
})

serwist.addEventListeners()
