'use client'

import { useMemo } from 'react'
import type { CatalogueItem } from '@/lib/counting/analyser'
import { indexCatalogue, matchCode } from '@/lib/counting/barcode/catalogue-match'

/** What matching a code to a product needs of it. */
export type CodedProduct = Pick<CatalogueItem, 'id' | 'name' | 'sku' | 'barcode'>

/** The catalogue product a code is, as the server's count would match it (a code fitting two products is none). */
export interface CodeProduct {
  id: string
  name: string
}

export function useProductOf(catalogue: readonly CodedProduct[]) {
  return useMemo(() => {
    const index = indexCatalogue(catalogue)
    const byId = new Map(catalogue.map((item) => [item.id, item]))
    return (text: string): CodeProduct | null => {
      const [id, ...others] = matchCode(text, index)
      return id && others.length === 0 ? { id, name: byId.get(id)!.name } : null
    }
  }, [catalogue])
}

/** What a mark on the picture says when tapped. */
export const markName = (text: string, product: CodeProduct | null) => product?.name ?? `Unknown code ${text}`
