import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { TITLE_TEMPLATE } from '@/lib/brand'
import { memberProduct } from './product'

// The product's name on the tab, for its pages; the 404 of an id that is no product of the shop says
// so there too (the page's own title is not used when the layout answers 404).
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const product = await memberProduct((await params).id)
  return { title: { default: product === null ? 'Page not found' : (product?.name ?? 'Product'), template: TITLE_TEMPLATE } }
}

// Outside the page's loading boundary, so that an id that is no product of the shop answers 404
// before anything streams (in the page, notFound() came after the spinner's 200). Signed out or
// without a shop, the page sends them on as before.
export default async function ProductLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params
  if ((await memberProduct(id)) === null) notFound()
  return children
}
