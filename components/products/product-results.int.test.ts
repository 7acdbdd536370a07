// The catalogue list against a real stack, including the spec's failure path:
// when the backend cannot be reached the owner gets 'Error loading products'.
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import type { Stack } from '@/supabase/local/stack'
import { ErrorToast } from '@/components/feedback/error-toast'
import { ProductCard } from './product-card'
import { ProductResults } from './product-results'

let stack: Stack | undefined
let owner: Owner

/** Every element in a rendered server-component tree (client components stay unrendered elements). */
function elements(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (Array.isArray(node)) return node.flatMap(elements)
  if (!isValidElement<Record<string, unknown>>(node)) return []
  return [node, ...elements(node.props.children as ReactNode)]
}

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'List Shop')
  await addProduct(owner, { name: 'Milk', sku: 'MILK-1' })
  await signInAs(owner)
})
afterAll(async () => stack?.stop())

describe('ProductResults', () => {
  it('lists the shop products', async () => {
    const tree = await ProductResults({ shopId: owner.shopId, search: 'milk', page: 1 })
    const cards = elements(tree).filter((el) => el.type === ProductCard)
    expect(cards.map((card) => (card.props.product as { name: string }).name)).toEqual(['Milk'])
    expect(elements(tree).some((el) => el.type === ErrorToast)).toBe(false)
  })

  it("shows 'Error loading products' with the message when the backend cannot be reached", async () => {
    await stack!.stop()
    stack = undefined
    const tree = await ProductResults({ shopId: owner.shopId, search: '', page: 1 })
    const toast = elements(tree).find((el) => el.type === ErrorToast)
    expect(toast?.props.title).toBe('Error loading products')
    expect(toast?.props.description).toMatch(/fetch failed/i)
    expect(elements(tree).filter((el) => el.type === ProductCard)).toEqual([])
  })
})
