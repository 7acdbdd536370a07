/** A list's `?page=` as a page number: 1 for anything that is not a whole number of 1 or more. */
export function pageNumber(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value
  const page = Number(text)
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}
