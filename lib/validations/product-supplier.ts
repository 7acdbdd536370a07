import { z } from 'zod'
import { blankAs, productField, productIdSchema } from './product'

const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === 'on' || value === 'true')

const PACK_SIZES = 'from 1 to 10,000'

export const linkProductSupplierSchema = z.object({
  product_id: productIdSchema,
  supplier_id: z.uuid({ error: 'Pick a supplier' }),
  pack_size: blankAs(
    productField.wholeNumber('Pack size', PACK_SIZES).refine((size) => size >= 1 && size <= 10000, { error: `Pack size must be a whole number ${PACK_SIZES}` }),
    1,
  ),
  unit_cost: blankAs(productField.amount('Cost'), null),
  preferred: checkbox,
})

export const unlinkProductSupplierSchema = z.object({
  product_id: productIdSchema,
  supplier_id: z.uuid({ error: 'Supplier not found' }),
})

export type LinkProductSupplierInput = z.infer<typeof linkProductSupplierSchema>
