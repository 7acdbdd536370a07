// The shop a member of several works in: a cookie the server sets once it has checked the
// membership, sent with every request to the database as x-shop-id, which
// public.current_shop_id() reads (and ignores for a shop the caller is no member of).
export const SHOP_COOKIE = 'shelfsnap-shop'
export const SHOP_HEADER = 'x-shop-id'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The header naming the chosen shop, or none when nothing (or nothing like a shop id) was chosen. */
export function shopHeaders(chosen: string | null | undefined): Record<string, string> {
  return chosen && UUID.test(chosen) ? { [SHOP_HEADER]: chosen } : {}
}

/** The chosen shop's id as the browser holds it (document.cookie), or null. */
export function chosenShopIn(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SHOP_COOKIE) return value.join('=')
  }
  return null
}
