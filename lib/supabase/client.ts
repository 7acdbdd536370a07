import { createBrowserClient } from '@supabase/ssr'
import { chosenShopIn, shopHeaders } from '@/lib/shops/shop-choice'
import { supabaseEnv } from './env'
import { uploadBytes, uploadFetch } from './upload-deadline'

/**
 * The database's requests name the shop the member chose (x-shop-id), read from its cookie on
 * each request: the client is one per tab, the choice can change under it. Only REST requests:
 * auth and storage need no shop, and a header they do not expect would fail their CORS check.
 * A file upload to storage gets a deadline that follows its size, and ends when the network goes (uploadFetch).
 */
const browserFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const bytes = url.includes('/storage/v1/object/') ? uploadBytes(init?.body) : null
  if (bytes !== null && !init?.signal) return uploadFetch(input, init, bytes)
  const shop = shopHeaders(typeof document === 'undefined' ? null : chosenShopIn(document.cookie))
  if (!url.includes('/rest/v1/') || Object.keys(shop).length === 0) return fetch(input, init)
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
  for (const [name, value] of Object.entries(shop)) headers.set(name, value)
  return fetch(input, { ...init, headers })
}

export function createClient() {
  const { url, key } = supabaseEnv()
  return createBrowserClient(url, key, { global: { fetch: browserFetch } })
}
