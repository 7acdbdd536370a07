-- Suppliers, what each product costs from them, and purchase orders whose
-- receipts write the ledger exactly once. Every child row names (id, shop_id)
-- pairs, so nothing can point into another shop.

create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references public.shops (id) on delete cascade,
  name text not null,
  email text,
  phone text,
  lead_time_days integer not null default 7,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint suppliers_id_shop_key unique (id, shop_id),
  constraint suppliers_name_check check (name = btrim(name) and char_length(name) between 1 and 120),
  constraint suppliers_email_check check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint suppliers_phone_check check (phone = btrim(phone) and char_length(phone) between 3 and 32),
  constraint suppliers_lead_time_check check (lead_time_days between 0 and 365),
  constraint suppliers_notes_check check (char_length(notes) <= 1000)
);

-- One supplier of a name per shop; also the shop's list, by name.
create unique index suppliers_shop_name_key on public.suppliers (shop_id, lower(name));

create trigger suppliers_touch_updated_at before update on public.suppliers
  for each row execute function public.touch_updated_at();

create table public.product_suppliers (
  product_id uuid not null,
  supplier_id uuid not null,
  shop_id uuid not null,
  unit_cost numeric(12, 2),
  pack_size integer not null default 1,
  preferred boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (product_id, supplier_id),
  constraint product_suppliers_product_fkey foreign key (product_id, shop_id)
    references public.products (id, shop_id) on delete cascade,
  constraint product_suppliers_supplier_fkey foreign key (supplier_id, shop_id)
    references public.suppliers (id, shop_id) on delete cascade,
  constraint product_suppliers_unit_cost_check check (unit_cost >= 0),
  constraint product_suppliers_pack_size_check check (pack_size between 1 and 10000)
);

-- At most one preferred supplier per product.
create unique index product_suppliers_preferred_key on public.product_suppliers (product_id) where preferred;
create index product_suppliers_supplier_idx on public.product_suppliers (supplier_id);

create table public.purchase_orders (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references public.shops (id) on delete cascade,
  supplier_id uuid not null,
  number integer not null,
  status text not null default 'draft',
  notes text,
  request_id uuid,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  received_at timestamptz,
  cancelled_at timestamptz,
  constraint purchase_orders_id_shop_key unique (id, shop_id),
  constraint purchase_orders_shop_number_key unique (shop_id, number),
  constraint purchase_orders_supplier_fkey foreign key (supplier_id, shop_id)
    references public.suppliers (id, shop_id),
  constraint purchase_orders_status_check
    check (status in ('draft', 'sent', 'partly_received', 'received', 'cancelled')),
  constraint purchase_orders_number_check check (number > 0),
  constraint purchase_orders_notes_check check (char_length(notes) <= 1000)
);

create index purchase_orders_supplier_idx on public.purchase_orders (supplier_id);
-- A retried "create" makes one order.
create unique index purchase_orders_request_idx on public.purchase_orders (shop_id, request_id) where request_id is not null;

create trigger purchase_orders_touch_updated_at before update on public.purchase_orders
  for each row execute function public.touch_updated_at();

create table public.purchase_order_lines (
  id uuid primary key default gen_random_uuid(),
  purchase_order_id uuid not null,
  shop_id uuid not null,
  product_id uuid not null,
  packs integer not null,
  pack_size integer not null default 1,
  qty integer generated always as (packs * pack_size) stored,
  unit_cost numeric(12, 2),
  received integer not null default 0,
  created_at timestamptz not null default now(),
  constraint purchase_order_lines_order_product_key unique (purchase_order_id, product_id),
  constraint purchase_order_lines_order_fkey foreign key (purchase_order_id, shop_id)
    references public.purchase_orders (id, shop_id) on delete cascade,
  constraint purchase_order_lines_product_fkey foreign key (product_id, shop_id)
    references public.products (id, shop_id) on delete cascade,
  constraint purchase_order_lines_packs_check check (packs between 1 and 100000),
  constraint purchase_order_lines_pack_size_check check (pack_size between 1 and 10000),
  constraint purchase_order_lines_unit_cost_check check (unit_cost >= 0),
  constraint purchase_order_lines_received_check check (received >= 0)
);

create index purchase_order_lines_product_idx on public.purchase_order_lines (product_id);

-- Receipts are ledger movements with their own source.
alter table public.stock_movements drop constraint stock_movements_source_check;
alter table public.stock_movements add constraint stock_movements_source_check
  check (source in ('manual', 'photo_count', 'import', 'purchase_order'));

-- Orders are numbered per shop (PO-0001, ...). The lock serialises two drafts made at once.
create function public.purchase_orders_number() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('purchase_orders:' || new.shop_id::text, 0));
  select coalesce(max(number), 0) + 1 into new.number from public.purchase_orders where shop_id = new.shop_id;
  return new;
end
$$;

create trigger purchase_orders_number before insert on public.purchase_orders
  for each row execute function public.purchase_orders_number();

alter table public.suppliers enable row level security;
alter table public.product_suppliers enable row level security;
alter table public.purchase_orders enable row level security;
alter table public.purchase_order_lines enable row level security;

create policy "Owners read their suppliers" on public.suppliers
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners add suppliers" on public.suppliers
  for insert to authenticated
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners edit suppliers" on public.suppliers
  for update to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())))
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners remove suppliers" on public.suppliers
  for delete to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

create policy "Owners read their product suppliers" on public.product_suppliers
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners link product suppliers" on public.product_suppliers
  for insert to authenticated
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners edit product suppliers" on public.product_suppliers
  for update to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())))
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners unlink product suppliers" on public.product_suppliers
  for delete to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

-- Orders are made, sent, cancelled and received through the functions below;
-- the API roles may read them, edit notes and, while a draft, its lines.
create policy "Owners read their purchase orders" on public.purchase_orders
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners edit notes of open purchase orders" on public.purchase_orders
  for update to authenticated
  using (status <> 'cancelled' and shop_id in (select id from public.shops where owner_id = (select auth.uid())))
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners delete draft purchase orders" on public.purchase_orders
  for delete to authenticated
  using (status = 'draft' and shop_id in (select id from public.shops where owner_id = (select auth.uid())));

create policy "Owners read their purchase order lines" on public.purchase_order_lines
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners add lines to drafts" on public.purchase_order_lines
  for insert to authenticated
  with check (purchase_order_id in (
    select po.id from public.purchase_orders po join public.shops s on s.id = po.shop_id
     where po.status = 'draft' and s.owner_id = (select auth.uid())));
create policy "Owners edit lines of drafts" on public.purchase_order_lines
  for update to authenticated
  using (purchase_order_id in (
    select po.id from public.purchase_orders po join public.shops s on s.id = po.shop_id
     where po.status = 'draft' and s.owner_id = (select auth.uid())))
  with check (purchase_order_id in (
    select po.id from public.purchase_orders po join public.shops s on s.id = po.shop_id
     where po.status = 'draft' and s.owner_id = (select auth.uid())));
create policy "Owners remove lines of drafts" on public.purchase_order_lines
  for delete to authenticated
  using (purchase_order_id in (
    select po.id from public.purchase_orders po join public.shops s on s.id = po.shop_id
     where po.status = 'draft' and s.owner_id = (select auth.uid())));

revoke all on table public.suppliers, public.product_suppliers, public.purchase_orders, public.purchase_order_lines
  from anon, authenticated;
grant select, delete on table public.suppliers to authenticated;
grant insert (shop_id, name, email, phone, lead_time_days, notes) on table public.suppliers to authenticated;
grant update (name, email, phone, lead_time_days, notes) on table public.suppliers to authenticated;
grant select, delete on table public.product_suppliers to authenticated;
grant insert (product_id, supplier_id, shop_id, unit_cost, pack_size, preferred) on table public.product_suppliers to authenticated;
grant update (unit_cost, pack_size, preferred) on table public.product_suppliers to authenticated;
grant select, delete on table public.purchase_orders to authenticated;
grant update (notes) on table public.purchase_orders to authenticated;
grant select, delete on table public.purchase_order_lines to authenticated;
grant insert (purchase_order_id, shop_id, product_id, packs, pack_size, unit_cost) on table public.purchase_order_lines to authenticated;
grant update (packs, pack_size, unit_cost) on table public.purchase_order_lines to authenticated;
grant all on table public.suppliers, public.product_suppliers, public.purchase_orders, public.purchase_order_lines
  to service_role;
revoke execute on function public.purchase_orders_number() from public, anon, authenticated;
