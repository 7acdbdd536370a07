import { runsShop, type Role } from '@/lib/shops/roles'
import { AddProductButton } from './add-product-button'
import { CatalogueTools } from './catalogue-tools'

/**
 * The title row of /app/products, with the catalogue's tools and Add Product (the owner's and
 * managers'). The loading state draws it too (without the shop's name, whose line it keeps, nor
 * the buttons, which wait for the member's role), so the page's heading is on screen from the first paint.
 */
export function ProductsHeader({ shopName, role }: { shopName: string | null; role: Role | null }) {
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">Products</h1>
        <p className="truncate text-sm text-muted-foreground">{shopName ?? '\u00a0'}</p>
      </div>
      {role && (
        <div className="flex shrink-0 gap-2">
          <CatalogueTools role={role} />
          {runsShop(role) && <AddProductButton />}
        </div>
      )}
    </div>
  )
}
