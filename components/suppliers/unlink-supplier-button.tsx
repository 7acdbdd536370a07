'use client'

import { X } from 'lucide-react'
import { toast } from 'sonner'
import { unlinkProductSupplier } from '@/lib/actions/product-supplier-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

export function UnlinkSupplierButton({ productId, supplierId, supplierName }: { productId: string; supplierId: string; supplierName: string }) {
  const { pending, formProps } = useServerForm(unlinkProductSupplier, {
    errorTitle: 'Could not unlink the supplier',
    onSuccess: () => toast.success('Supplier unlinked', { description: `${supplierName} no longer supplies this product.` }),
  })
  return (
    <form {...formProps}>
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="supplier_id" value={supplierId} />
      <Button type="submit" variant="ghost" size="icon" disabled={pending} aria-label={`Unlink ${supplierName}`}>
        <X aria-hidden="true" />
      </Button>
    </form>
  )
}
