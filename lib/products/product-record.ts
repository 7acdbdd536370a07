/** A product's own fields as a row of public.products holds them. */
export interface ProductRecord {
  id: string
  name: string
  sku: string | null
  barcode: string | null
  qty: number
  low_stock_threshold: number
  target_qty: number | null
  unit_cost: number | null
  unit_price: number | null
  image_url: string | null
}
