-- The stock ledger: every change of products.qty is a movement, written in the
-- same transaction as the change, so the ledger always sums to the quantity.
create table public.stock_movements (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references public.shops (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  delta integer not null,
  qty_after integer not null,
  reason text not null,
  note text,
  source text not null default 'manual',
  created_by uuid references auth.users (id) on delete set null,
  request_id uuid,
  created_at timestamptz not null default now(),
  constraint stock_movements_delta_check check (delta <> 0),
  constraint stock_movements_qty_after_check check (qty_after >= 0),
  constraint stock_movements_reason_check
    check (reason in ('received', 'sold', 'count_correction', 'damaged', 'lost', 'returned', 'initial')),
  constraint stock_movements_source_check check (source in ('manual', 'photo_count', 'import')),
  constraint stock_movements_note_check check (char_length(note) <= 500)
);

create index stock_movements_product_created_idx on public.stock_movements (product_id, created_at desc);
create index stock_movements_shop_created_idx on public.stock_movements (shop_id, created_at desc);
-- A retried request (double tap, network retry) applies once.
create unique index stock_movements_request_idx on public.stock_movements (product_id, request_id)
  where request_id is not null;

alter table public.stock_movements enable row level security;

create policy "Owners read their ledger" on public.stock_movements
  for select to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

revoke all on table public.stock_movements from anon, authenticated;
grant select on table public.stock_movements to authenticated;
grant all on table public.stock_movements to service_role;

-- Guard: qty may only change inside the ledger functions, which raise the flag
-- for the length of their own update. Direct updates, even by service_role, fail.
create function public.products_guard_qty() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.qty is distinct from old.qty and coalesce(current_setting('shelfsnap.stock_write', true), '') <> 'on' then
    raise exception 'Stock quantities change only through adjust_stock()' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger products_guard_qty before update of qty on public.products
  for each row execute function public.products_guard_qty();

-- A product created with stock opens its ledger with an initial movement.
create function public.products_initial_stock() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.qty > 0 then
    insert into public.stock_movements (shop_id, product_id, delta, qty_after, reason, source, created_by)
    values (new.shop_id, new.id, new.qty, new.qty, 'initial',
            coalesce(nullif(current_setting('shelfsnap.stock_source', true), ''), 'manual'), auth.uid());
  end if;
  return new;
end
$$;

create trigger products_initial_stock after insert on public.products
  for each row execute function public.products_initial_stock();

-- The ownership check and row lock every stock change starts with. Security
-- definer bypasses RLS, so ownership is checked here; the lock serialises
-- concurrent changes of one product.
create function public.lock_owned_product(p_product_id uuid) returns public.products
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
begin
  select p.* into v_product
    from public.products p join public.shops s on s.id = p.shop_id
   where p.id = p_product_id and s.owner_id = auth.uid()
     for update of p;
  if not found then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  return v_product;
end
$$;

-- Writes a change to a product locked by lock_owned_product(): the quantity
-- and its movement together. A request id already in the ledger applies nothing.
create function public.apply_stock_change(
  p_product public.products,
  p_delta integer,
  p_reason text,
  p_note text,
  p_source text,
  p_request_id uuid
) returns public.stock_movements
language plpgsql security definer set search_path = '' as $$
declare
  v_movement public.stock_movements;
begin
  if p_request_id is not null then
    select * into v_movement from public.stock_movements
     where product_id = p_product.id and request_id = p_request_id;
    if found then
      return v_movement;
    end if;
  end if;
  if p_product.qty + p_delta < 0 then
    raise exception 'Not enough stock: only % in stock', p_product.qty using errcode = '23514';
  end if;
  perform set_config('shelfsnap.stock_write', 'on', true);
  update public.products set qty = p_product.qty + p_delta where id = p_product.id;
  perform set_config('shelfsnap.stock_write', 'off', true);
  insert into public.stock_movements (shop_id, product_id, delta, qty_after, reason, note, source, created_by, request_id)
  values (p_product.shop_id, p_product.id, p_delta, p_product.qty + p_delta, p_reason, nullif(btrim(p_note), ''),
          p_source, auth.uid(), p_request_id)
  returning * into v_movement;
  return v_movement;
end
$$;

create function public.adjust_stock(
  p_product_id uuid,
  p_delta integer,
  p_reason text,
  p_note text default null,
  p_source text default 'manual',
  p_request_id uuid default null
) returns public.stock_movements
language plpgsql security definer set search_path = '' as $$
begin
  if p_delta is null or p_delta = 0 then
    raise exception 'The change must be a whole number other than zero' using errcode = '22023';
  end if;
  return public.apply_stock_change(public.lock_owned_product(p_product_id), p_delta, p_reason, p_note, p_source, p_request_id);
end
$$;

-- Sets an absolute count (a stocktake); returns null when nothing changed.
create function public.set_stock(
  p_product_id uuid,
  p_qty integer,
  p_reason text default 'count_correction',
  p_note text default null,
  p_source text default 'manual',
  p_request_id uuid default null
) returns public.stock_movements
language plpgsql security definer set search_path = '' as $$
declare
  v_product public.products;
begin
  if p_qty is null or p_qty < 0 then
    raise exception 'A count must be zero or more' using errcode = '22023';
  end if;
  v_product := public.lock_owned_product(p_product_id);
  if v_product.qty = p_qty then
    return null;
  end if;
  return public.apply_stock_change(v_product, p_qty - v_product.qty, p_reason, p_note, p_source, p_request_id);
end
$$;

revoke execute on function public.products_guard_qty() from public, anon, authenticated;
revoke execute on function public.products_initial_stock() from public, anon, authenticated;
revoke execute on function public.lock_owned_product(uuid) from public, anon, authenticated;
revoke execute on function public.apply_stock_change(public.products, integer, text, text, text, uuid) from public, anon, authenticated;
revoke execute on function public.adjust_stock(uuid, integer, text, text, text, uuid) from public, anon;
revoke execute on function public.set_stock(uuid, integer, text, text, text, uuid) from public, anon;
grant execute on function public.adjust_stock(uuid, integer, text, text, text, uuid) to authenticated, service_role;
grant execute on function public.set_stock(uuid, integer, text, text, text, uuid) to authenticated, service_role;
