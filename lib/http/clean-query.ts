import { stripControlChars } from '@/lib/validations/clean-text'

/**
 * The same URL without control characters in its query (`?q=%00` reached PostgreSQL as
 * "invalid byte sequence"), or null when it was clean already.
 */
export function cleanedQuery(url: URL): URL | null {
  const cleaned = new URLSearchParams()
  let changed = false
  for (const [key, value] of url.searchParams) {
    const cleanKey = stripControlChars(key)
    const cleanValue = stripControlChars(value)
    changed ||= cleanKey !== key || cleanValue !== value
    cleaned.append(cleanKey, cleanValue)
  }
  if (!changed) return null
  const target = new URL(url)
  target.search = cleaned.toString()
  return target
}
