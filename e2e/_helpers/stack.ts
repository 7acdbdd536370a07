import { randomUUID } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { sessionCookies } from '../../test/support/session-cookies'

// The stack scripts/e2e.ts started; the same values the app was built with.
const url = process.env.NEXT_PUBLIC_SUPABASE_URL ?? 'http://127.0.0.1:54321'
const key = process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'

export const PASSWORD = 'shelf-snap-e2e-1'

export interface Credentials {
  email: string
  password: string
  fullName: string
}

export function newCredentials(tag: string): Credentials {
  return { email: `${tag}-${randomUUID().slice(0, 12)}@example.com`, password: PASSWORD, fullName: 'Sam Shopkeeper' }
}

/** The service-role client, for what no owner can do (make a shop's report due now). */
export const adminClient = () =>
  createClient(url, process.env.SUPABASE_SECRET_KEY!, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } })

function client(): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}

/** The session cookies the app sets when this user signs in. */
export const appSessionCookies = (credentials: Credentials) => sessionCookies(url, key, credentials)

/** A client signed in as an existing user, talking to the stack directly. */
export async function signedInClient({ email, password }: Credentials): Promise<SupabaseClient> {
  const supabase = client()
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  return supabase
}

export interface NewProduct {
  name: string
  sku?: string | null
  qty: number
  low_stock_threshold: number
  category?: string | null
  image_url?: string | null
}

/** A user (and, unless shopName is null, a shop with products) made through the API, not the UI. */
export async function createOwner(
  tag: string,
  { shopName = 'Test Shop', products = [] }: { shopName?: string | null; products?: NewProduct[] } = {},
): Promise<Credentials> {
  const credentials = newCredentials(tag)
  const supabase = client()
  const { data, error } = await supabase.auth.signUp({
    email: credentials.email,
    password: credentials.password,
    options: { data: { full_name: credentials.fullName } },
  })
  if (error || !data.session) throw error ?? new Error('sign-up returned no session')
  if (shopName !== null) {
    const { data: shop } = await supabase.from('shops').insert({ name: shopName }).select('id').single().throwOnError()
    await addProducts(supabase, shop.id as string, products)
  }
  return credentials
}

// The stack's PGlite runs one statement at a time: an insert of 1,000 products (each with its
// opening movement) held every other request for up to 2.8 s on an idle machine, past the app's
// 8 s backend deadline under CI's load, and the other worker's test saw its tap time out. At 200
// a request waits at most 0.7 s, and 5,000 products take as long to add.
const PRODUCTS_PER_INSERT = 200

export async function addProducts(supabase: SupabaseClient, shopId: string, products: NewProduct[]) {
  for (let start = 0; start < products.length; start += PRODUCTS_PER_INSERT) {
    const rows = products.slice(start, start + PRODUCTS_PER_INSERT).map((product) => ({ shop_id: shopId, ...product }))
    await supabase.from('products').insert(rows).throwOnError()
  }
}

export async function getOwnShop(credentials: Credentials) {
  const supabase = await signedInClient(credentials)
  const { data } = await supabase.from('shops').select('id, name, currency, timezone').single().throwOnError()
  return data as { id: string; name: string; currency: string; timezone: string }
}

/**
 * A stocktake counted and ready to review, made through the API as the app
 * makes it: one photo per side uploaded and recorded, each with the
 * analyser's proposal (codes found where the photo shows them).
 */
export async function readyStocktake(owner: Credentials, photo: Buffer, counts: { start: Record<string, number>; end: Record<string, number> }) {
  const supabase = await signedInClient(owner)
  const { data: session } = await supabase.rpc('open_count_session').single<{ id: string; shop_id: string }>().throwOnError()
  for (const side of ['start', 'end'] as const) {
    const path = `${session.shop_id}/${session.id}/${side}-${randomUUID()}.jpg`
    const { error } = await supabase.storage.from('stock-photos').upload(path, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }))
    if (error) throw error
    // and its preview, as the upload page makes one (lib/images/resize-image.ts STOCK_PREVIEW)
    const preview = await sharp(photo).resize(640, 640, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer()
    await supabase.storage.from('stock-photos').upload(path.replace(/\.jpg$/, '.preview.jpg'), new Blob([new Uint8Array(preview)], { type: 'image/jpeg' }))
    const { data: added } = await supabase
      .rpc('add_count_photo', { p_session_id: session.id, p_side: side, p_storage_path: path, p_width: 1600, p_height: 1200 })
      .single<{ id: string }>()
      .throwOnError()
    const lines = Object.entries(counts[side]).map(([product_id, count], i) => ({
      photo_id: added.id,
      session_id: session.id,
      shop_id: session.shop_id,
      product_id,
      count,
      confidence: 1,
      analyser: 'barcode',
      box_x: 100 + 300 * i,
      box_y: 100,
      box_w: 200,
      box_h: 200,
    }))
    await supabase.from('count_lines').insert(lines).throwOnError()
    await supabase.from('count_photos').update({ status: 'analysed', codes_found: lines.length, analyser: 'barcode' }).eq('id', added.id).throwOnError()
  }
  return session.id
}

/** The cookies @supabase/ssr keeps the session in, in order (a long session is split into chunks). */
export async function sessionChunks(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => /-auth-token(\.\d+)?$/.test(cookie.name)).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
}

/** The browser's session from those cookies (chunks joined, base64 decoded). */
export async function browserSession(context: BrowserContext): Promise<{ access_token: string; refresh_token: string; expires_at: number }> {
  const encoded = (await sessionChunks(context)).map((cookie) => cookie.value).join('')
  return JSON.parse(Buffer.from(encoded.replace(/^base64-/, ''), 'base64url').toString('utf8'))
}

/** The same, made by the page itself (its origin, its fetch), as a member's own script could. */
export async function restFromPage(page: Page, accessToken: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ base, apikey, token, path, body }) => {
      const res = await fetch(`${base}/rest/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { apikey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, text: await res.text() }
    },
    { base: url, apikey: key, token: accessToken, path, body },
  )
}

/** A raw REST call with the browser's own access token, as an attacker holding the cookie would make it. */
export async function restAs(accessToken: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/rest/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { apikey: key, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as unknown }
}
