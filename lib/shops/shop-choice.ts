// The shop a member of several works in: a cookie the server sets once it has checked the
// membership, sent with every request to the database as x-shop-id, which
// public.current_shop_id() reads (and ignores for a shop the caller is no member of).
export const SHOP_COOKIE = 'shelfsnap-shop'
export const SHOP_HEADER = 'x-shop-id'
/** With x-shop-id, "that shop or none": never the member's other shop instead (an action from a page of that shop). */
export const SHOP_ONLY_HEADER = 'x-shop-only'
/** The form field in which a page's actions name the shop the page showed. */
export const SHOWN_SHOP_FIELD = '_shop'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isShopId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value)

/** The header naming the chosen shop (and with `only`, that shop alone), or none when nothing (or nothing like a shop id) was chosen. */
export function shopHeaders(chosen: string | null | undefined, only = false): Record<string, string> {
  if (!isShopId(chosen)) return {}
  return only ? { [SHOP_HEADER]: chosen, [SHOP_ONLY_HEADER]: '1' } : { [SHOP_HEADER]: chosen }
}

/** The chosen shop's id as the browser holds it (document.cookie), or null. */
export function chosenShopIn(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SHOP_COOKIE) return value.join('=')
  }
  return null
}
