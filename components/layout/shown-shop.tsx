'use client'

import { useEffect } from 'react'
import { showShop } from '@/lib/shops/shown-shop'

/** This tab's forms name the shop its page shows (lib/shops/shown-shop.ts). */
export function ShownShop({ id }: { id: string }) {
  useEffect(() => showShop(id), [id])
  return null
}
