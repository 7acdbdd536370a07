import { unsubscribe } from '@/lib/delivery/unsubscribe'

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/**
 * RFC 8058 one-click unsubscribe: the address in a report email's List-Unsubscribe header.
 * The mail client POSTs "List-Unsubscribe=One-Click" with no cookie; the signed token is the key.
 */
export async function POST(request: Request) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const result = await unsubscribe(token)
  if (!result.ok) return text(400, result.message)
  return text(200, `Unsubscribed: ${result.address} gets no more reports from ${result.shopName}.`)
}

/** Opened in a browser instead: the page that asks first. */
export function GET(request: Request) {
  const url = new URL(request.url)
  return Response.redirect(new URL(`/unsubscribe?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`, url), 303)
}
