import { z } from 'zod'
import { salesByPersonSchema } from './sales-by-person'

// The shape of public.shop_report(), parsed on the server. Client components
// import only the types from here: zod would join the page's JavaScript.

const count = z.number().int().nonnegative()
const money = z.number()
const date = z.iso.date()
const timestamp = z.iso.datetime({ offset: true })

export const reportFiguresSchema = z.object({
  /** units of 'sold' movements, net of reversed ones */
  sold: z.number().int(),
  /** how many 'sold' movements */
  sales: count,
  /** units photo stocktakes found gone with no sale recorded (booked as 'gone') */
  gone: z.number().int(),
  received: z.number().int(),
  movements: count,
  sales_value: money,
  /** products sold without a price: left out of sales_value */
  unpriced_products: count,
  cogs: money,
  /** products sold without a cost: left out of cogs and the margin */
  uncosted_products: count,
  /** the sales value of the products with both a price and a cost: what the margin is of */
  margin_sales_value: money,
  gross_margin: money,
  shrinkage_units: z.number().int(),
  shrinkage_value: money,
  shrinkage_uncosted_products: count,
  /** units taken off by hand as damaged, and as lost or stolen (a photo stocktake's are shrinkage), net of undos */
  damaged: z.number().int(),
  lost: z.number().int(),
  /** those units at cost; products without a cost are left out and counted */
  written_off_value: money,
  written_off_uncosted_products: count,
  /** units counts set by hand or by CSV import moved, net: + more on the shelf than recorded, - less */
  corrected: z.number().int(),
  /** the opening stock of products added in the period */
  opened: z.number().int(),
})

const productRef = { id: z.uuid(), name: z.string(), sku: z.string().nullable() }

export const shopReportSchema = z.object({
  /** the preset asked for, or 'custom' */
  range: z.enum(['today', 'yesterday', '7d', '30d', 'month', 'custom']),
  /** today on the shop's clock */
  today: date,
  shop_name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  from: date,
  to: date,
  start: timestamp,
  end: timestamp,
  generated_at: z.string(),
  figures: reportFiguresSchema,
  /** sales per person over the period, a sale undone counting for nobody: in the caller's own report (shop_report), not an emailed one */
  people: salesByPersonSchema.optional(),
  stock: z.object({
    products: count,
    costed_products: count,
    units_start: z.number().int(),
    units_end: z.number().int(),
    value_start: money,
    value_end: money,
  }),
  /** [date, units sold, sales value, stock value at the day's end] */
  daily: z.array(z.tuple([date, z.number().int(), money, money])),
  /** [Monday of the week, units, value at cost: null when none of the units has a cost] */
  weekly_shrinkage: z.array(z.tuple([date, z.number().int(), money.nullable()])),
  top_sellers: z.array(z.object({ ...productRef, units: z.number().int(), sales_value: money.nullable() })),
  slow_movers: z.object({
    total: count,
    products: z.array(z.object({ ...productRef, qty: count, value: money.nullable(), last_sold_at: timestamp.nullable() })),
  }),
  shrinkage_products: z.array(z.object({ ...productRef, units: z.number().int(), value: money.nullable(), stocktakes: count })),
  stocktakes: z.array(
    z.object({
      id: z.uuid(),
      /** the day of its evening photos, on the shop's clock */
      date,
      ended_at: timestamp,
      units: z.number().int(),
      /** at cost; null when none of the products short has a cost */
      value: money.nullable(),
      /** products short */
      products: count,
      /** products short without a cost: left out of value */
      uncosted_products: count,
    }),
  ),
})

export type ReportFigures = z.infer<typeof reportFiguresSchema>
export type ShopReport = z.infer<typeof shopReportSchema>
