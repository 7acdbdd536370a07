-- The catalogue at the counter: an optional category per product, the whole
-- catalogue in one compact read, and undo for a change booked by a tap.

-- `if not exists`: the demo shop (a later migration) may declare the same column.
alter table public.products add column if not exists category text;
alter table public.products add constraint products_category_check
  check (category = btrim(category) and char_length(category) between 1 and 60);
grant insert (category), update (category) on table public.products to authenticated;

-- The counter list reads every product at once (max_rows does not cut a single
-- json value). Each row is an array, in this order, to keep 5,000 rows small:
-- id, name, sku, barcode, qty, low_stock_threshold, category, image_url,
-- updated_at (epoch ms). Null when the caller has no shop. RLS applies.
create function public.catalogue() returns json
language sql stable security invoker set search_path = '' as $$
  with shop as (
    select s.id, s.name from public.shops s
     where s.owner_id = (select auth.uid())
     order by s.created_at, s.id
     limit 1
  )
  select json_build_object(
    'shop', json_build_object('id', shop.id, 'name', shop.name),
    'rows', coalesce((
      select json_agg(json_build_array(p.id, p.name, p.sku, p.barcode, p.qty, p.low_stock_threshold, p.category,
                                       p.image_url, floor(extract(epoch from p.updated_at) * 1000)::bigint)
                      order by p.name, p.id)
        from public.products p where p.shop_id = shop.id), '[]'::json))
  from shop
$$;

-- An undo is a movement of its own: the reverse of the change, with the same
-- reason (a sale undone nets to no sale), noted 'Undone'. Its request id is
-- derived from the change's, so undoing twice books it once (the ledger's
-- unique request index), and the two can be told apart and matched.
create function public.undo_stock_change(p_product_id uuid, p_request_id uuid) returns public.stock_movements
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
  v_change public.stock_movements;
begin
  v_product := public.lock_owned_product(p_product_id);
  -- Only a tap's change (manual, no note): never an undo, a stocktake or an import.
  select * into v_change from public.stock_movements
   where product_id = v_product.id and request_id = p_request_id
     and source = 'manual' and reason in ('sold', 'received') and note is null;
  if not found then
    raise exception 'There is no change to undo' using errcode = 'P0002';
  end if;
  return public.apply_stock_change(v_product, -v_change.delta, v_change.reason, 'Undone', 'manual',
                                   md5('undo:' || p_request_id::text)::uuid);
end
$$;

revoke execute on function public.catalogue() from public, anon;
revoke execute on function public.undo_stock_change(uuid, uuid) from public, anon;
grant execute on function public.catalogue() to authenticated, service_role;
grant execute on function public.undo_stock_change(uuid, uuid) to authenticated, service_role;
