import { NextResponse } from 'next/server'
import { OUTAGE_RETRY_SECONDS, OUTAGE_TITLE } from './outage'

// Plain HTML from the proxy: no script (the CSP would need a nonce), a meta refresh retries.
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${OUTAGE_RETRY_SECONDS}">
<title>${OUTAGE_TITLE} · ShelfSnap</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;color:#1a1a2e;background:#fff}
main{max-width:28rem;margin:0 auto;padding:4rem 1rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 1rem}
p{line-height:1.5;margin:0 0 1rem}
a{color:#3b3fb5;font-weight:600}
</style>
</head>
<body>
<main>
<h1>${OUTAGE_TITLE}</h1>
<p role="status">Your data is safe and you are still signed in. ShelfSnap will try again in ${OUTAGE_RETRY_SECONDS} seconds.</p>
<p><a href="">Try again now</a></p>
</main>
</body>
</html>
`

/** 503 with a page that retries by itself; the session cookie is left alone. */
export function outageResponse(): NextResponse {
  return new NextResponse(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(OUTAGE_RETRY_SECONDS),
    },
  })
}
