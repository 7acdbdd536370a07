'use server'

import { revalidatePath } from 'next/cache'
import { deleteSupplier as removeSupplier, insertSupplier, updateSupplier as saveSupplier, type SupplierWriteResult } from '@/lib/data/suppliers'
import { getShopForUser } from '@/lib/data/shops'
import { createSupplierSchema, deleteSupplierSchema, updateSupplierSchema } from '@/lib/validations/supplier'
import type { ActionState } from './action-state'
import { fieldError, NO_SHOP_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

function outcome(result: SupplierWriteResult): ActionState {
  if (!result.ok) return result.field ? fieldError(result.field, result.message) : { ok: false, message: result.message }
  revalidatePath('/app/suppliers')
  return { ok: true, message: result.name }
}

export const createSupplier = validatedAction(
  createSupplierSchema,
  async (input, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    return outcome(await insertSupplier(supabase, shop.id, input))
  },
  { requireUser: true, allErrors: true },
)

export const updateSupplier = validatedAction(
  updateSupplierSchema,
  async ({ id, ...input }, { supabase }) => outcome(await saveSupplier(supabase, id, input)),
  { requireUser: true, allErrors: true },
)

export const deleteSupplier = validatedAction(
  deleteSupplierSchema,
  async ({ id }, { supabase }) => outcome(await removeSupplier(supabase, id)),
  { requireUser: true },
)
