-- An owner may have a second branch (issue 26 §1): shops.owner_id is no longer unique. A new
-- owner still creates one shop first; another is added from the account menu, and the header's
-- shop switcher chooses between them as between any shops one is a member of. Everything that
-- acts on "the owner's shop" already acts on the chosen one (owned_shop_id(), current_shop_id()).
alter table public.shops drop constraint shops_owner_id_key;
create index shops_owner_id_idx on public.shops (owner_id);

-- The shop gets a new owner; the old one stays on as a manager. Someone who owns a shop of their
-- own may now take another.
create or replace function public.hand_over_shop(p_user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare v_shop uuid := public.owned_shop_id();
begin
  perform public.lock_team_member(p_user_id);
  update public.shop_members set role = 'manager' where shop_id = v_shop and user_id = auth.uid();
  update public.shop_members set role = 'owner' where shop_id = v_shop and user_id = p_user_id;
  update public.shops set owner_id = p_user_id where id = v_shop;
end
$$;

-- The demo's stock seed found an owner's shop by that unique key (insert … on conflict (owner_id)
-- do nothing). The same function, with that one step written out: the rest is unchanged.
create or replace function public.seed_demo_shop_stock(p_owner uuid) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_zone constant text := 'Europe/London';
  v_shop uuid;
  v_today date;
  v_item record;
  v_product uuid;
  v_qty integer;
  v_last timestamptz;
  a_product uuid[] := '{}';
  a_delta integer[] := '{}';
  a_reason text[] := '{}';
  a_at timestamptz[] := '{}';
  v_at timestamptz;
  v_date date;
  v_sales integer;
  v_delta integer;
  v_session uuid;
  v_start timestamptz;
  v_end timestamptz;
  v_photo_start uuid;
  v_photo_end uuid;
  v_claims text;
  v_stock_to integer;
  a_source text[] := '{}';
  a_req uuid[] := '{}';
  a_sessions uuid[] := '{}';
  v_ended timestamptz;
  v_morning integer;
  v_sold_today integer;
  v_missing integer;
  r_session uuid[] := '{}';
  r_product uuid[] := '{}';
  r_start integer[] := '{}';
  r_sold integer[] := '{}';
  r_before integer[] := '{}';
  r_missing integer[] := '{}';
begin
  if p_owner is null or not exists (select from auth.users where id = p_owner) then
    raise exception 'No user found' using errcode = 'P0002';
  end if;
  -- A second call, even a concurrent one, finds the first one's shop: it waits here for the
  -- first to commit (an owner's shops are no longer one by the table's own unique key).
  perform pg_advisory_xact_lock(hashtextextended('shelfsnap:seed_demo_shop:' || p_owner::text, 0));
  select s.id into v_shop from public.shops s where s.owner_id = p_owner order by s.created_at, s.id limit 1;
  if v_shop is not null then
    return v_shop;
  end if;
  insert into public.shops (owner_id, name, currency, timezone)
  values (p_owner, 'Corner Shop Demo', 'GBP', v_zone)
  returning id into v_shop;
  v_today := (now() at time zone v_zone)::date;

  -- A photo stocktake of the drinks and snacks shelves every week for eight weeks,
  -- confirmed that evening (their photos long since cleared); yesterday's, with
  -- its photos, is made below the way the owner makes one.
  for v_k in 1..8 loop
    v_start := (v_today - 7 * v_k + time '08:30') at time zone v_zone;
    v_ended := (v_today - 7 * v_k + time '19:30') at time zone v_zone;
    insert into public.count_sessions (shop_id, status, started_at, ended_at, confirmed_at, start_time_source, end_time_source,
                                       created_by, created_at)
    values (v_shop, 'confirmed', v_start, v_ended, v_ended + interval '5 minutes', 'camera', 'camera', p_owner, v_start)
    returning id into v_session;
    a_sessions := a_sessions || v_session;
  end loop;
  v_session := null;

  for v_item in
    select c.*, row_number() over (order by c.category, c.name)::integer as n,
           dense_rank() over (order by c.category)::integer as cat
      from (values
        ('Dairy & Eggs', 'Whole Milk 1L', 0.62, 1.15, 6, 24, 4, null::integer),
        ('Dairy & Eggs', 'Semi-skimmed Milk 2L', 1.05, 1.85, 5, 18, 3, null),
        ('Dairy & Eggs', 'Free-range Eggs (6)', 1.10, 2.30, 5, 18, 3, 3),
        ('Dairy & Eggs', 'Salted Butter 250g', 1.35, 2.40, 4, 12, 1, null),
        ('Dairy & Eggs', 'Greek Yogurt 500g', 1.20, 2.10, 3, 10, 1, null),
        ('Dairy & Eggs', 'Mature Cheddar 400g', 2.60, 4.25, 3, 10, 1, 0),
        ('Dairy & Eggs', 'Single Cream 300ml', 0.55, 1.10, 3, 8, 1, null),
        ('Dairy & Eggs', 'Oat Drink 1L', 0.95, 1.80, 4, 12, 2, null),
        ('Dairy & Eggs', 'Fruit Yogurt 4-pack', 1.00, 1.95, 4, 12, 2, null),
        ('Dairy & Eggs', 'Mozzarella 125g', 0.50, 0.95, 3, 10, 1, null),
        ('Bakery', 'Sourdough Loaf', 1.40, 3.20, 4, 12, 3, 2),
        ('Bakery', 'White Sliced Bread 800g', 0.70, 1.40, 5, 16, 4, null),
        ('Bakery', 'Wholemeal Bread 800g', 0.75, 1.50, 4, 12, 2, null),
        ('Bakery', 'Croissants (4)', 1.30, 2.50, 3, 10, 2, null),
        ('Bakery', 'Crumpets (6)', 0.45, 0.95, 3, 10, 1, null),
        ('Bakery', 'Bagels (5)', 0.90, 1.75, 3, 8, 1, 0),
        ('Bakery', 'Pitta Bread (6)', 0.40, 0.85, 3, 10, 1, null),
        ('Bakery', 'Hot Cross Buns (4)', 0.80, 1.60, 3, 8, 1, null),
        ('Bakery', 'Fruit Scones (4)', 0.95, 1.90, 3, 8, 1, null),
        ('Bakery', 'Tortilla Wraps (8)', 0.85, 1.65, 3, 10, 1, null),
        ('Drinks', 'Sparkling Water 500ml', 0.25, 0.85, 10, 40, 5, null),
        ('Drinks', 'Still Water 1.5L', 0.30, 0.95, 8, 30, 4, null),
        ('Drinks', 'Cola 330ml', 0.35, 1.10, 12, 48, 6, null),
        ('Drinks', 'Orange Juice 1L', 0.90, 1.85, 4, 12, 2, null),
        ('Drinks', 'Apple Juice 1L', 0.85, 1.75, 4, 12, 1, 1),
        ('Drinks', 'Cloudy Lemonade 2L', 0.70, 1.50, 3, 10, 1, null),
        ('Drinks', 'Energy Drink 250ml', 0.60, 1.45, 6, 24, 3, null),
        ('Drinks', 'Ground Coffee 227g', 2.75, 4.99, 3, 10, 1, 2),
        ('Drinks', 'Breakfast Tea (80)', 1.60, 2.95, 3, 10, 1, null),
        ('Drinks', 'Peach Iced Tea 500ml', 0.55, 1.30, 4, 16, 2, 0),
        ('Snacks & Sweets', 'Dark Chocolate Bar', 0.80, 1.75, 5, 20, 2, null),
        ('Snacks & Sweets', 'Milk Chocolate Bar', 0.75, 1.65, 5, 20, 3, null),
        ('Snacks & Sweets', 'Sea Salt Crisps 150g', 0.65, 1.45, 4, 16, 2, null),
        ('Snacks & Sweets', 'Cheese Crackers 200g', 0.70, 1.40, 3, 10, 1, null),
        ('Snacks & Sweets', 'Digestive Biscuits 400g', 0.55, 1.20, 4, 12, 1, null),
        ('Snacks & Sweets', 'Salted Peanuts 200g', 0.60, 1.35, 3, 10, 1, 1),
        ('Snacks & Sweets', 'Fruit Gums 150g', 0.45, 1.00, 4, 14, 2, null),
        ('Snacks & Sweets', 'Oat Flapjack', 0.40, 1.10, 4, 14, 2, null),
        ('Snacks & Sweets', 'Sweet Popcorn 100g', 0.50, 1.15, 3, 10, 1, null),
        ('Snacks & Sweets', 'Rice Cakes 130g', 0.55, 1.05, 3, 8, 1, null)
      ) as c(category, name, cost, price, threshold, target, rate, final)
  loop
    -- Deliveries top up to the target, set high enough for a week's sales: the
    -- shelves run empty only where the story says so (final).
    v_stock_to := greatest(v_item.target, 12 * v_item.rate);
    insert into public.products
      (shop_id, name, sku, barcode, category, qty, low_stock_threshold, target_qty, unit_cost, unit_price, created_at)
    values (
      v_shop, v_item.name,
      upper(left(v_item.category, 3)) || '-' || lpad(v_item.n::text, 3, '0'),
      -- EAN-13 with its check digit, so printed labels scan
      (select code || (10 - sum(substr(code, k, 1)::integer * (1 + 2 * (1 - k % 2))) % 10) % 10
         from (select '501234' || lpad(v_item.n::text, 6, '0') as code) c, generate_series(1, 12) k group by code),
      v_item.category, 0, v_item.threshold, v_stock_to, v_item.cost, v_item.price,
      (v_today - 61 + time '07:00') at time zone v_zone)
    returning id into v_product;

    -- The day-by-day story: stocked 60 days ago, deliveries each week on the
    -- category's day, sales through opening hours (09:00-19:00) until now, more
    -- on Fridays and Saturdays and fewer on Sundays.
    -- Collected here, written below in one insert (PGlite would stall on thousands).
    v_qty := v_stock_to;
    v_last := (v_today - 60 + time '07:30') at time zone v_zone;
    a_product := a_product || v_product; a_delta := a_delta || v_qty; a_reason := a_reason || 'initial'::text; a_at := a_at || v_last;
    a_source := a_source || 'manual'::text; a_req := a_req || null::uuid;
    for v_day in reverse 59..0 loop
      v_date := v_today - v_day;
      v_at := (v_date + time '07:45') at time zone v_zone;
      if (v_date - date '2000-01-03' + v_item.cat) % 7 = 0 and v_qty < v_stock_to and v_at < now()
         and (v_day > 0 or v_item.final is null) then
        v_last := v_at;
        a_product := a_product || v_product; a_delta := a_delta || (v_stock_to - v_qty); a_reason := a_reason || 'received'::text; a_at := a_at || v_at;
        a_source := a_source || 'manual'::text; a_req := a_req || null::uuid;
        v_qty := v_stock_to;
      end if;
      v_morning := v_qty;
      v_sold_today := 0;
      v_sales := round((abs(hashtext(v_item.name || ':' || v_day)) % (2 * v_item.rate + 1))
                       * (array[0.85, 0.85, 0.95, 1.0, 1.25, 1.45, 0.65])[extract(isodow from v_date)::integer])::integer;
      for v_k in 1..v_sales loop
        v_at := (v_date + time '09:00' + make_interval(mins => (600 * (v_k - 1)) / v_sales
                 + abs(hashtext(v_item.name || ':' || v_day || ':' || v_k)) % (600 / v_sales))) at time zone v_zone;
        exit when v_at > now() - interval '30 minutes';
        v_delta := least(v_qty, 1 + abs(hashtext(v_item.name || ':' || v_k || ':' || v_day)) % 2);
        continue when v_delta = 0;
        v_qty := v_qty - v_delta;
        v_sold_today := v_sold_today + v_delta;
        v_last := v_at;
        a_product := a_product || v_product; a_delta := a_delta || -v_delta; a_reason := a_reason || 'sold'::text; a_at := a_at || v_at;
        a_source := a_source || 'manual'::text; a_req := a_req || null::uuid;
      end loop;
      if v_day % 7 = 0 and v_day between 7 and 56 and v_item.category in ('Drinks', 'Snacks & Sweets') then
        v_missing := case when (v_item.n + v_day / 7) % 3 = 0 then least(v_qty, 1 + abs(hashtext(v_item.name || ':gone:' || v_day)) % 2) else 0 end;
        r_session := r_session || a_sessions[v_day / 7]; r_product := r_product || v_product; r_start := r_start || v_morning;
        r_sold := r_sold || v_sold_today; r_before := r_before || v_qty; r_missing := r_missing || v_missing;
        if v_missing > 0 then
          v_at := (v_date + time '19:35') at time zone v_zone;
          v_qty := v_qty - v_missing;
          v_last := v_at;
          a_product := a_product || v_product; a_delta := a_delta || -v_missing;
          a_reason := a_reason || case when v_sold_today > 0 then 'lost' else 'gone' end; a_at := a_at || v_at;
          a_source := a_source || 'photo_count'::text; a_req := a_req || a_sessions[v_day / 7];
        end if;
      end if;
    end loop;
    -- Items meant to end low or out of stock sell down to it, in opening hours.
    if v_item.final is not null and v_item.final <> v_qty then
      v_at := v_last + interval '10 minutes';
      if (v_at at time zone v_zone)::time < time '09:00' then
        v_at := ((v_at at time zone v_zone)::date + time '09:05') at time zone v_zone;
      end if;
      a_product := a_product || v_product; a_delta := a_delta || (v_item.final - v_qty);
      a_reason := a_reason || case when v_item.final < v_qty then 'sold' else 'received' end; a_at := a_at || v_at;
      a_source := a_source || 'manual'::text; a_req := a_req || null::uuid;
    end if;
  end loop;

  insert into public.stock_movements (shop_id, product_id, delta, qty_after, reason, note, source, created_by, request_id, created_at)
  select v_shop, m.product_id, m.delta,
         sum(m.delta) over (partition by m.product_id order by m.created_at, m.ord)::integer,
         m.reason,
         case m.reason when 'initial' then 'Opening stock'
                       when 'received' then 'Delivery from ' || case when p.category in ('Dairy & Eggs', 'Bakery')
                                                                    then 'Fresh Foods Wholesale' else 'Corner Cash & Carry' end end,
         m.source, p_owner, coalesce(m.req, case when m.reason <> 'initial' then gen_random_uuid() end), m.created_at
    from unnest(a_product, a_delta, a_reason, a_at, a_source, a_req) with ordinality as m(product_id, delta, reason, created_at, source, req, ord)
    join public.products p on p.id = m.product_id;

  -- What the weekly stocktakes booked, line by line, as confirming records it.
  insert into public.count_results (session_id, shop_id, product_id, start_count, end_count, received, sold, qty_before, qty_after,
                                    coverage, in_photos, qty_at_start, other_out, moved, gone, gone_sold, gone_other, missing,
                                    sold_or_missing, refill, opening, gain, clamped, movements)
  select r.session_id, v_shop, r.product_id, r.start_count, r.qty_before - r.missing, 0, r.sold, r.qty_before, r.qty_before - r.missing,
         'shelf', true, r.start_count, 0, 0, r.sold + r.missing, r.sold, 0,
         case when r.sold > 0 then r.missing else 0 end, case when r.sold > 0 then 0 else r.missing end, 0, 0, 0, false,
         case when r.missing > 0
              then jsonb_build_array(jsonb_build_object('kind', 'day', 'delta', -r.missing, 'reason', case when r.sold > 0 then 'lost' else 'gone' end))
              else '[]'::jsonb end
    from unnest(r_session, r_product, r_start, r_sold, r_before, r_missing) as r(session_id, product_id, start_count, sold, qty_before, missing)
   where r.start_count > 0;
  perform set_config('shelfsnap.stock_write', 'on', true);
  update public.products p set qty = t.qty
    from (select m.product_id, sum(m.delta)::integer as qty from unnest(a_product, a_delta) as m(product_id, delta) group by m.product_id) t
   where p.id = t.product_id;
  perform set_config('shelfsnap.stock_write', 'off', true);

  -- Yesterday's photo stocktake of the drinks and snacks shelves: the evening
  -- photos are short of what the morning photos and the till explain.
  v_start := (v_today - 1 + time '08:30') at time zone v_zone;
  v_end := (v_today - 1 + time '19:30') at time zone v_zone;
  insert into public.count_sessions (shop_id, created_by, created_at)
  values (v_shop, p_owner, v_start) returning id into v_session;
  insert into public.count_photos (session_id, shop_id, side, storage_path, taken_at, time_source, status, analyser,
                                   codes_found, analysed_at, received_at, created_at, width, height)
  values (v_session, v_shop, 'start', v_shop || '/' || v_session || '/start-1.jpg', v_start, 'camera', 'analysed', 'barcode',
          0, v_start + interval '1 minute', v_start, v_start, 4032, 3024)
  returning id into v_photo_start;
  insert into public.count_photos (session_id, shop_id, side, storage_path, taken_at, time_source, status, analyser,
                                   codes_found, analysed_at, received_at, created_at, width, height)
  values (v_session, v_shop, 'end', v_shop || '/' || v_session || '/end-1.jpg', v_end, 'camera', 'analysed', 'barcode',
          0, v_end + interval '1 minute', v_end, v_end, 4032, 3024)
  returning id into v_photo_end;

  -- Per product: the stock at the morning photo and the day's sales come from
  -- the ledger; the evening count is short by `missing` (never below 0).
  with counted as (
    select p.id, p.n, at_start.qty as start_count,
           greatest(at_start.qty - day.sold - case when p.n % 3 = 0 then 0 else 1 + p.n % 2 end, 0) as end_count
      from (select pr.id, row_number() over (order by pr.name)::integer as n
              from public.products pr
             where pr.shop_id = v_shop and pr.category in ('Drinks', 'Snacks & Sweets') and pr.qty > pr.low_stock_threshold) p
      cross join lateral (select coalesce(sum(m.delta), 0)::integer as qty from public.stock_movements m
                           where m.product_id = p.id and m.created_at <= v_start) at_start
      cross join lateral (select coalesce(-sum(m.delta), 0)::integer as sold from public.stock_movements m
                           where m.product_id = p.id and m.reason = 'sold' and m.created_at > v_start and m.created_at <= v_end) day
     where p.n <= 8
  ), lines as (
    select v_photo_start as photo, c.id, c.start_count as count from counted c where c.start_count > 0
    union all
    select v_photo_end, c.id, c.end_count from counted c where c.end_count > 0
  )
  insert into public.count_lines (photo_id, session_id, shop_id, product_id, count, confidence, analyser)
  select l.photo, v_session, v_shop, l.id, l.count, 0.98, 'barcode' from lines l;
  update public.count_photos ph
     set codes_found = (select coalesce(sum(l.count), 0) from public.count_lines l where l.photo_id = ph.id)
   where ph.session_id = v_session;

  -- Confirmed the way the owner confirms (confirm_count_session), which acts
  -- for auth.uid(): seed.sql has no caller, so the owner stands in for this call.
  v_claims := current_setting('request.jwt.claims', true);
  perform set_config('request.jwt.claims', jsonb_build_object('sub', p_owner, 'role', 'authenticated')::text, true);
  perform public.confirm_count_session(v_session, public.count_session_review(v_session) ->> 'version');
  perform set_config('request.jwt.claims', coalesce(v_claims, ''), true);
  return v_shop;
end
$$;
