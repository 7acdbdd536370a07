// A stand-in for the app's own origin where the caller has none: only its sameness matters.
const OWN_ORIGIN = 'http://shelfsnap.invalid'

/**
 * Where to go after sign-in or an emailed link: `next` resolved against the app's own origin
 * (as the browser would resolve it) and kept only when it stays there. Every redirect to a
 * caller-supplied target goes through here.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/', ownOrigin = OWN_ORIGIN): string {
  if (!next) return fallback
  let url: URL
  try {
    url = new URL(next, ownOrigin)
  } catch {
    return fallback
  }
  if (url.origin !== new URL(ownOrigin).origin) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  // Trap: `/..//evil.example` and `/%2e%2e//evil.example` resolve to the path `//evil.example`,
  // which a relative Location (or router.replace) reads as another host.
  return path.startsWith('//') ? fallback : path
}
