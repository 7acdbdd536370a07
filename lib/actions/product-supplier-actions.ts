'use server'

import { revalidatePath } from 'next/cache'
import { linkProductSupplier as saveLink, unlinkProductSupplier as removeLink, type LinkResult } from '@/lib/data/product-suppliers'
import { linkProductSupplierSchema, unlinkProductSupplierSchema } from '@/lib/validations/product-supplier'
import type { ActionState } from './action-state'
import { validatedAction } from './validated-action'

function outcome(result: LinkResult, productId: string): ActionState {
  if (!result.ok) return { ok: false, message: result.message }
  revalidatePath(`/app/products/${productId}`)
  revalidatePath('/app/suppliers')
  return { ok: true }
}

export const linkProductSupplier = validatedAction(
  linkProductSupplierSchema,
  async (input, { supabase }) => outcome(await saveLink(supabase, input), input.product_id),
  { requireUser: true, allErrors: true },
)

export const unlinkProductSupplier = validatedAction(
  unlinkProductSupplierSchema,
  async ({ product_id, supplier_id }, { supabase }) => outcome(await removeLink(supabase, product_id, supplier_id), product_id),
  { requireUser: true },
)
