import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { getCurrentShop } from '@/lib/auth/current-shop'
import { runsShop } from '@/lib/shops/roles'
import { loadProduct } from './product'

// Outside the page's loading boundary, so that an id that is no product of the shop answers 404
// before anything streams (in the page, notFound() came after the spinner's 200). Signed out or
// without a shop, the page sends them on as before.
export default async function ProductLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params
  const choice = await getCurrentShop()
  if (choice && !(await loadProduct(id, runsShop(choice.shop.role)))) notFound()
  return children
}
