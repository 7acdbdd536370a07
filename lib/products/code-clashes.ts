// SKUs and barcodes are unique per shop whatever their capitals. Products made
// before that rule may still share one ("EGG-6" and "egg-6"): the owner is
// shown each such clash until one of them is changed.

export interface CodedProduct {
  id: string
  name: string
  sku: string | null
  barcode: string | null
}

export interface CodeClash {
  field: 'sku' | 'barcode'
  products: { id: string; name: string; code: string }[]
}

const FIELD_WORDS = { sku: 'SKU', barcode: 'barcode' } as const

/** Every group of products whose SKU, or whose barcode, differs only in capitals, in the catalogue's order. */
export function findCodeClashes(products: readonly CodedProduct[]): CodeClash[] {
  const clashes: CodeClash[] = []
  for (const field of ['sku', 'barcode'] as const) {
    const groups = new Map<string, CodeClash['products']>()
    for (const product of products) {
      const code = product[field]
      if (!code) continue
      const key = code.toLowerCase()
      groups.set(key, [...(groups.get(key) ?? []), { id: product.id, name: product.name, code }])
    }
    for (const group of groups.values()) if (group.length > 1) clashes.push({ field, products: group })
  }
  return clashes
}

const list = (items: string[]) => (items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`)

/** "EGG-6 and egg-6 have the same SKU ignoring case: change one" */
export function describeClash({ field, products }: CodeClash): string {
  const codes = list(products.map((product) => product.code))
  return `${codes} have the same ${FIELD_WORDS[field]} ignoring case: change ${products.length === 2 ? 'one' : `all but one`}`
}
