-- The purchase orders page lists a shop's orders newest first, 50 a page (it showed the newest
-- 200 and nothing of older ones): this index serves that order without sorting all of them.
create index purchase_orders_shop_created_idx on public.purchase_orders (shop_id, created_at desc, id desc);
