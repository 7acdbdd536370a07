-- The counter list also says how many units are on order (lines of draft, sent
-- and partly received orders not yet received): a tenth element per row.
create or replace function public.catalogue() returns json
language sql stable security invoker set search_path = '' as $$
  with shop as (
    select s.id, s.name from public.shops s
     where s.owner_id = (select auth.uid())
     order by s.created_at, s.id
     limit 1
  ),
  on_order as (
    select l.product_id, sum(greatest(l.qty - l.received, 0))::integer as units
      from public.purchase_order_lines l
      join public.purchase_orders po on po.id = l.purchase_order_id
      join shop on shop.id = po.shop_id
     where po.status in ('draft', 'sent', 'partly_received')
     group by l.product_id
  )
  select json_build_object(
    'shop', json_build_object('id', shop.id, 'name', shop.name),
    'rows', coalesce((
      select json_agg(json_build_array(p.id, p.name, p.sku, p.barcode, p.qty, p.low_stock_threshold, p.category,
                                       p.image_url, floor(extract(epoch from p.updated_at) * 1000)::bigint,
                                       coalesce(oo.units, 0))
                      order by p.name, p.id)
        from public.products p left join on_order oo on oo.product_id = p.id
       where p.shop_id = shop.id), '[]'::json))
  from shop
$$;
