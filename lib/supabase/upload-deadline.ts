/**
 * How long a file upload from the browser may take before it is given up (and, for a stocktake
 * photo, sent again with the same key, which stores it once): 20 s, plus a second for every 16 KB
 * of the file, a 128 kbit/s uplink. fetch reports no upload progress, so the deadline follows the
 * size: a 3 MB photo on slow shop Wi-Fi keeps going; a connection that never answers does not
 * leave the photo at "Uploading…" until the page is reloaded.
 */
export function uploadDeadlineMs(bytes: number): number {
  return 20_000 + Math.ceil(bytes / 16_384) * 1_000
}

/** The bytes of a file upload's body (storage-js sends a Blob in a FormData), or null for any other body. */
export function uploadBytes(body: RequestInit['body']): number | null {
  if (body instanceof Blob) return body.size
  if (!(body instanceof FormData)) return null
  let bytes = 0
  for (const value of body.values()) bytes += value instanceof Blob ? value.size : value.length
  return bytes
}

/**
 * fetch for a file upload of `bytes`: given up at its deadline, or at once when the browser loses
 * its network (the 'offline' event: Wi-Fi gone), so the photo waits on the phone for the connection,
 * and goes again as soon as it is back, instead of reading "Uploading…" until the deadline.
 */
export function uploadFetch(input: RequestInfo | URL, init: RequestInit | undefined, bytes: number): Promise<Response> {
  const lost = new AbortController()
  const onOffline = () => lost.abort(new DOMException('The network went away during the upload', 'AbortError'))
  globalThis.addEventListener?.('offline', onOffline)
  const signal = AbortSignal.any([AbortSignal.timeout(uploadDeadlineMs(bytes)), lost.signal])
  return fetch(input, { ...init, signal }).finally(() => globalThis.removeEventListener?.('offline', onOffline))
}
