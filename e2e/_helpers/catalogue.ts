import { expect, type Page } from '@playwright/test'
import { createOwner, signedInClient, type Credentials, type NewProduct } from './stack'
import { signIn } from './ui'

const pixel = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#c7d2fe"/></svg>')

/** The setup owner's catalogue: 30 products, so the grid has two pages of 24. */
export const catalogue: NewProduct[] = [
  { name: 'Whole Milk 1L', sku: 'MILK-1L', qty: 14, low_stock_threshold: 6, image_url: pixel },
  { name: 'Oat Milk 1L', sku: 'OAT-1L', qty: 2, low_stock_threshold: 4 },
  { name: 'Sourdough Loaf', sku: 'BREAD-SD', qty: 3, low_stock_threshold: 4 },
  { name: 'Ground Coffee 227g', sku: 'COFFEE-227', qty: 3, low_stock_threshold: 3 },
  { name: 'Dark Chocolate Bar', sku: null, qty: 0, low_stock_threshold: 5 },
  { name: 'Sparkling Water 500ml', sku: 'WATER-SP', qty: 30, low_stock_threshold: 10 },
  ...Array.from({ length: 24 }, (_, index) => ({
    name: `Yellow Tin ${String(index + 1).padStart(2, '0')}`,
    sku: `TIN-${String(index + 1).padStart(2, '0')}`,
    qty: 20,
    low_stock_threshold: 5,
  })),
]

export const OWNER_STATE = 'e2e/.auth/owner.json'
export const OWNER_CREDENTIALS = 'e2e/.auth/owner-credentials.json'

/** A new owner with these products, signed in at /app/products: every test has its own, as specs change stock side by side. */
export async function ownerWithCatalogue(page: Page, tag: string, products: NewProduct[] = []): Promise<Credentials> {
  const owner = await createOwner(tag, { shopName: 'Catalogue Shop', products })
  await signIn(page, owner)
  await expect(page).toHaveURL('/app/products')
  return owner
}

export async function productId(owner: Credentials, sku: string): Promise<string> {
  const supabase = await signedInClient(owner)
  const { data } = await supabase.from('products').select('id').eq('sku', sku).single().throwOnError()
  return data.id as string
}

export async function stockOf(owner: Credentials, sku: string): Promise<number> {
  const supabase = await signedInClient(owner)
  const { data } = await supabase.from('products').select('qty').eq('sku', sku).single().throwOnError()
  return data.qty as number
}

/** The product's ledger, newest first, as stored. */
export async function movementsOf(owner: Credentials, sku: string) {
  const id = await productId(owner, sku)
  const supabase = await signedInClient(owner)
  const { data } = await supabase
    .from('stock_movements')
    .select('delta, qty_after, reason, request_id')
    .eq('product_id', id)
    .neq('reason', 'initial')
    .order('created_at', { ascending: false })
    .throwOnError()
  return data as { delta: number; qty_after: number; reason: string; request_id: string | null }[]
}

/** Opens one of the catalogue's tools (Import CSV, Print labels, Suppliers…) from the menu at the top of /app/products. */
export async function openCatalogueTool(page: Page, name: string) {
  await page.getByRole('button', { name: 'Tools' }).click()
  await page.getByRole('menuitem', { name }).click()
}
