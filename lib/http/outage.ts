// Words and timing shared by the proxy's 503 page, the error boundaries and server actions.

export const OUTAGE_TITLE = 'ShelfSnap cannot reach its database'

export const BACKEND_UNREACHABLE_MESSAGE = 'ShelfSnap cannot reach its database right now. Please try again in a moment.'

/** Seconds before the outage page asks again. */
export const OUTAGE_RETRY_SECONDS = 5

/** Next keeps a digest it finds on a server error: the error boundary tells an outage by this prefix. */
export const OUTAGE_DIGEST_PREFIX = 'OUTAGE-'
