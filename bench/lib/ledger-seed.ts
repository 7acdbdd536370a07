// Bench data for the reports bench: about a million ledger rows over 200 shops,
// written as superuser with plain SQL (the API would take an hour). One shop,
// the bench owner's, holds 2,000 products and 100,000 movements over a year,
// confirmed stocktakes and suppliers; 199 others hold 100 products and about
// 4,500 movements each. Quantities are not a consistent story (nothing here
// reads them as one); sizes, spread over time and over shops are what matter.
import type { Queryable } from '../../supabase/local/db/database.ts'

export const BIG_SHOP_PRODUCTS = 2000
export const BIG_SHOP_MOVEMENTS = 100_000
export const OTHER_SHOPS = 199
export const OTHER_SHOP_PRODUCTS = 100
export const OTHER_SHOP_MOVEMENTS = 4500

const PRODUCT_COLUMNS = 'shop_id, name, sku, category, qty, low_stock_threshold, target_qty, unit_cost, unit_price'
// random sales of 1-3 units and a delivery of 24 one time in ten, at any moment of the last `days` days
const movementRow = (days: number) => `case when s.r < 0.9 then -(1 + s.g % 3) else 24 end, 1 + s.g % 40,
                      case when s.r < 0.9 then 'sold' else 'received' end, 'manual',
                      now() - interval '1 minute' - s.r2 * interval '${days} days'`
const MOVEMENT_ROW = movementRow(365)

export async function seedLedger(db: Queryable, bigShopId: string): Promise<{ movements: number; shops: number }> {
  await db.query(`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
           'bench-shop-' || g || '@example.com', '', now(), now()
      from generate_series(1, ${OTHER_SHOPS}) g`)
  await db.query(`
    insert into shops (owner_id, name, timezone)
    select id, 'Bench ' || email, 'Europe/London' from auth.users where email like 'bench-shop-%'`)
  const products = (count: number, shops: string) => `
    insert into products (${PRODUCT_COLUMNS})
    select s.id, 'Item ' || lpad(g::text, 4, '0'), 'SKU-' || lpad(g::text, 4, '0'), 'Aisle ' || (g % 12),
           g % 60, 5, 40, round((0.2 + (g % 50) / 10.0)::numeric, 2), round((0.5 + (g % 50) / 5.0)::numeric, 2)
      from shops s cross join generate_series(1, ${count}) g
     where ${shops}`
  await db.query(products(BIG_SHOP_PRODUCTS, 's.id = $1'), [bigShopId])
  await db.query(products(OTHER_SHOP_PRODUCTS, 's.id <> $1'), [bigShopId])

  // Popular products sell more: the product index is skewed towards the start.
  await db.query(
    `insert into stock_movements (shop_id, product_id, delta, qty_after, reason, source, created_at)
     select $1, p.ids[1 + floor(power(s.r3, 2) * array_length(p.ids, 1))::int], ${MOVEMENT_ROW}
       from (select array_agg(id order by name) as ids from products where shop_id = $1) p,
            (select g, random() as r, random() as r2, random() as r3 from generate_series(1, ${BIG_SHOP_MOVEMENTS}) g) s`,
    [bigShopId],
  )
  await db.query(
    `insert into stock_movements (shop_id, product_id, delta, qty_after, reason, source, created_at)
     select p.shop_id, p.ids[1 + floor(power(s.r3, 2) * array_length(p.ids, 1))::int], ${MOVEMENT_ROW}
       from (select shop_id, array_agg(id order by name) as ids from products where shop_id <> $1 group by shop_id) p
       cross join lateral (select g, random() as r, random() as r2, random() as r3 from generate_series(1, ${OTHER_SHOP_MOVEMENTS}) g) s`,
    [bigShopId],
  )

  // The big shop: a confirmed stocktake every evening for 60 days, 100 products each, some units missing.
  await db.query(
    `with sessions as (
       insert into count_sessions (shop_id, status, started_at, ended_at, confirmed_at)
       select $1, 'confirmed', d - interval '11 hours', d, d + interval '5 minutes'
         from generate_series(1, 60) g, lateral (select date_trunc('day', now()) - g * interval '1 day' + interval '19 hours' as d) t
       returning id)
     insert into count_results (session_id, shop_id, product_id, start_count, end_count, received, sold, qty_before, qty_after, missing, sold_or_missing)
     select s.id, $1, p.id, 20, 15, 0, 3, 17, 15, (random() * 2)::int, 0
       from sessions s cross join lateral (select id from products where shop_id = $1 order by random() limit 100) p`,
    [bigShopId],
  )
  await db.query(
    `with suppliers as (
       insert into suppliers (shop_id, name, lead_time_days)
       select $1, 'Supplier ' || g, 1 + g % 7 from generate_series(1, 10) g returning id, name)
     insert into product_suppliers (product_id, supplier_id, shop_id, pack_size, unit_cost, preferred)
     select p.id, sup.ids[1 + p.n % 10], $1, 6, p.unit_cost, true
       from (select id, unit_cost, row_number() over (order by name) as n from products where shop_id = $1) p,
            (select array_agg(id order by name) as ids from suppliers) sup`,
    [bigShopId],
  )
  await db.query('analyze')
  const { rows } = await db.query<{ movements: number; shops: number }>(
    'select (select count(*)::int from stock_movements) as movements, (select count(*)::int from shops) as shops',
  )
  return rows[0]!
}

/**
 * `perShop` movements in each of `shopIds`' shops over the last `days` days, spread over their
 * products (popular ones more), as superuser: the recent sales history the dashboard and the
 * reorder page read, which the API would take minutes to write.
 */
export async function seedRecentSales(db: Queryable, shopIds: string[], perShop: number, days: number): Promise<void> {
  await db.query(
    `insert into stock_movements (shop_id, product_id, delta, qty_after, reason, source, created_at)
     select p.shop_id, p.ids[1 + floor(power(s.r3, 2) * array_length(p.ids, 1))::int], ${movementRow(days)}
       from (select shop_id, array_agg(id order by name) as ids from products where shop_id = any($1::uuid[]) group by shop_id) p
       cross join lateral (select g, random() as r, random() as r2, random() as r3 from generate_series(1, ${perShop}) g) s`,
    [shopIds],
  )
  await db.query('analyze')
}
