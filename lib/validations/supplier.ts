import { z } from 'zod'
import { blankAs, productField } from './product'
import { MAX_SUPPLIER_NAME, MAX_SUPPLIER_NOTES } from './supplier-limits'

// Digits with the separators people write: +44 20 7946 0958, (555) 010-0199, 0161-496-0000 ext. 12
const PHONE = /^\+?[0-9 ()./-]{3,28}(\s*(ext\.?|x)\s*\d{1,5})?$/i

const supplierFields = {
  name: z
    .string({ error: 'Supplier name is required' })
    .trim()
    .min(1, { error: 'Supplier name is required' })
    .max(MAX_SUPPLIER_NAME, { error: `Supplier name must be ${MAX_SUPPLIER_NAME} characters or less` }),
  email: blankAs(z.string().trim().max(254, { error: 'Email must be 254 characters or less' }).pipe(z.email({ error: 'Please enter a valid email address' })), null),
  phone: blankAs(z.string().trim().max(32, { error: 'Phone must be 32 characters or less' }).regex(PHONE, { error: 'Please enter a phone number, like +44 20 7946 0958' }), null),
  lead_time_days: blankAs(
    productField.wholeNumber('Lead time').refine((days) => days <= 365, { error: 'Lead time must be 365 days or less' }),
    7,
  ),
  notes: blankAs(z.string().trim().max(MAX_SUPPLIER_NOTES, { error: `Notes must be ${MAX_SUPPLIER_NOTES} characters or less` }), null),
}

export const supplierIdSchema = z.uuid({ error: 'Supplier not found' })

export const createSupplierSchema = z.object(supplierFields)
export const updateSupplierSchema = z.object({ ...supplierFields, id: supplierIdSchema })
export const deleteSupplierSchema = z.object({ id: supplierIdSchema })

export type SupplierInput = z.infer<typeof createSupplierSchema>
