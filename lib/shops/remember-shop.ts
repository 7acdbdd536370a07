import 'server-only'
import { cookies } from 'next/headers'
import { SHOP_COOKIE } from './shop-choice'

/**
 * The shop every later request names (x-shop-id). Readable by the page's own script, since the
 * browser's client names the shop too: it is no secret, the database checks the membership.
 */
export async function rememberShop(shopId: string) {
  const secure = process.env.NODE_ENV === 'production' && process.env.SITE_URL?.startsWith('https:') === true
  ;(await cookies()).set(SHOP_COOKIE, shopId, { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: 400 * 24 * 3600 })
}
