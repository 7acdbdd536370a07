import { z } from 'zod'

export const MAX_NAME = 120
export const MAX_SKU = 64
export const BARCODE_PATTERN = /^[0-9A-Za-z._/+-]{1,64}$/
/**
 * A code a spreadsheet turned into a number and wrote back shortened: 5012345678900 saved as
 * 5.01235E+12. Its digits are gone; taken as a code, it would replace the real one.
 */
export const SHORTENED_NUMBER = /^\d+(?:[.,]\d+)?E\+\d+$/i
const notShortened = (value: string) => !SHORTENED_NUMBER.test(value)
const SHORTENED = 'looks like a number a spreadsheet shortened, so its digits are lost: type the whole code'
// int4 holds 2147483647; nine digits keep every value inside it.
const WHOLE_NUMBER = /^\d{1,9}$/
// numeric(12,2): ten digits before the point, two after; a comma is a decimal point too.
const AMOUNT = /^\d{1,10}([.,]\d{1,2})?$/

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/** Field rules shared by the product form and CSV import; `label` names the field in messages. */
export const productField = {
  name: (label = 'Name') =>
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(MAX_NAME, { error: `${label} must be ${MAX_NAME} characters or less` }),
  sku: (label = 'SKU') =>
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(MAX_SKU, { error: `${label} must be ${MAX_SKU} characters or less` })
      .refine(notShortened, { error: `${label} ${SHORTENED}` }),
  barcode: (label = 'Barcode') =>
    z
      .string({ error: `${label} must be text` })
      .trim()
      .regex(BARCODE_PATTERN, { error: `${label} may only hold letters, digits and . _ / + - (up to 64)` })
      .refine(notShortened, { error: `${label} ${SHORTENED}` }),
  /** `range`: what the message says the number may be, where a field allows less than 0 to 999,999,999 */
  wholeNumber: (label: string, range = '0 or more') =>
    z
      .string({ error: `${label} must be a whole number ${range}` })
      .trim()
      .regex(/^\d+$/, { error: `${label} must be a whole number ${range}` })
      // a whole number, only too large for one product: say so rather than that it is not whole
      .regex(WHOLE_NUMBER, { error: `${label} must be at most 999,999,999` })
      .transform(Number),
  amount: (label: string) =>
    z
      .string({ error: `${label} must be an amount of 0 or more, like 2.50` })
      .trim()
      .regex(/^\d+([.,]\d{1,2})?$/, { error: `${label} must be an amount of 0 or more, like 2.50` })
      // an amount, only too large: say so rather than that it is not one
      .regex(AMOUNT, { error: `${label} must be at most 9,999,999,999.99` })
      // a string keeps numeric(12,2) exact on its way to the database
      .transform((value) => value.replace(',', '.')),
}

/** Blank (or absent) becomes `fallback`; anything else must pass `schema`. */
export function blankAs<S extends z.ZodType, F>(schema: S, fallback: F) {
  return z.unknown().optional().transform((value, ctx): z.output<S> | F => {
    if (isBlank(value)) return fallback
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message })
    return z.NEVER
  })
}

const productFields = {
  name: productField.name(),
  sku: blankAs(productField.sku(), null),
  barcode: blankAs(productField.barcode(), null),
  low_stock_threshold: blankAs(productField.wholeNumber('Low-stock alert level'), 0),
  target_qty: blankAs(productField.wholeNumber('Target level'), null),
  unit_cost: blankAs(productField.amount('Cost'), null),
  unit_price: blankAs(productField.amount('Price'), null),
  image_url: blankAs(z.string().trim().max(2048, { error: 'The photo address is too long' }), null),
}

export const createProductSchema = z.object({
  ...productFields,
  qty: blankAs(productField.wholeNumber('Quantity'), 0),
  /** the open form's: a repeat of it makes no second product (blank: a form sent before the page's script ran) */
  request_id: blankAs(z.uuid({ error: 'Reload the page and try again' }), undefined),
})

export const productIdSchema = z.uuid({ error: 'Product not found' })

export const updateProductSchema = z.object({ ...productFields, id: productIdSchema })

export const deleteProductSchema = z.object({ id: productIdSchema })

export type CreateProductInput = z.infer<typeof createProductSchema>
export type UpdateProductInput = z.infer<typeof updateProductSchema>
export type ProductFieldsInput = Omit<UpdateProductInput, 'id'>
