// What the service worker (app/sw.ts), the proxy and the pages agree on.

/** The signed-in user's id on each page response (set by the proxy): the worker keeps a page for that user only. */
export const USER_HEADER = 'x-shelfsnap-user'

/** The pages an owner uses at the till and in a stocktake: kept on the device, per user, to open offline. */
export const TILL_PAGES = ['/app/products', '/upload', '/scan', '/dashboard'] as const

/** The worker's cache of one user's till pages is this prefix and the user's id. */
export const PAGES_CACHE_PREFIX = 'pages:'

/** Shown for any other page when the network is gone (public/offline.html, precached). */
export const OFFLINE_PAGE = '/offline.html'

/** Never answered from the device: sign-in and its links, the APIs, feeds, email links, the worker itself. */
export const NEVER_FROM_DEVICE = /^\/(?:auth|api|feeds|unsubscribe|recipients|serwist)(?:\/|$)/

/** The page's message asking the worker to keep the till pages for the user signed in now. */
export const KEEP_PAGES_MESSAGE = 'KEEP_PAGES'
