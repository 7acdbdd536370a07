create table public.products (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references public.shops (id) on delete cascade,
  name text not null,
  sku text,
  barcode text,
  image_url text,
  qty integer not null default 0,
  low_stock_threshold integer not null default 0,
  target_qty integer,
  unit_cost numeric(12, 2),
  unit_price numeric(12, 2),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint products_shop_sku_key unique (shop_id, sku),
  constraint products_shop_barcode_key unique (shop_id, barcode),
  constraint products_name_check check (name = btrim(name) and char_length(name) between 1 and 120),
  constraint products_sku_check check (sku = btrim(sku) and char_length(sku) between 1 and 64),
  constraint products_barcode_check check (barcode ~ '^[0-9A-Za-z._/+-]{1,64}$'),
  constraint products_image_url_check check (char_length(image_url) <= 2048),
  constraint products_qty_check check (qty >= 0),
  constraint products_low_stock_threshold_check check (low_stock_threshold >= 0),
  constraint products_target_qty_check check (target_qty >= 0),
  constraint products_unit_cost_check check (unit_cost >= 0),
  constraint products_unit_price_check check (unit_price >= 0)
);

-- The catalogue is always read per shop, ordered by name.
create index products_shop_name_idx on public.products (shop_id, name);

create function public.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger products_touch_updated_at before update on public.products
  for each row execute function public.touch_updated_at();

alter table public.products enable row level security;

create policy "Owners read their products" on public.products
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners add products" on public.products
  for insert to authenticated
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners edit products" on public.products
  for update to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())))
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners delete products" on public.products
  for delete to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

-- qty is not updatable by the API roles: it changes only through adjust_stock() (next migration).
revoke all on table public.products from anon, authenticated;
grant select, delete on table public.products to authenticated;
grant insert (shop_id, name, sku, barcode, image_url, qty, low_stock_threshold, target_qty, unit_cost, unit_price)
  on table public.products to authenticated;
grant update (name, sku, barcode, image_url, low_stock_threshold, target_qty, unit_cost, unit_price)
  on table public.products to authenticated;
grant all on table public.products to service_role;
revoke execute on function public.touch_updated_at() from public, anon, authenticated;
