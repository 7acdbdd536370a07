-- Photo stocktakes. A count session holds the start-of-day and end-of-day
-- photos and the analysers' proposed counts; nothing touches stock until the
-- owner confirms, which writes the ledger once (confirm_count_session).

-- 'gone': units that left the shelf without a recorded sale. Sold or missing,
-- nobody can tell which from photos alone, so the ledger does not pretend to.
alter table public.stock_movements drop constraint stock_movements_reason_check;
alter table public.stock_movements add constraint stock_movements_reason_check
  check (reason in ('received', 'sold', 'count_correction', 'damaged', 'lost', 'returned', 'initial', 'gone'));

-- Lets child rows name (id, shop_id) pairs, so a row can never point into another shop.
alter table public.products add constraint products_id_shop_key unique (id, shop_id);

create table public.count_sessions (
  id uuid primary key default gen_random_uuid(),
  shop_id uuid not null references public.shops (id) on delete cascade,
  status text not null default 'uploading',
  analyser text,
  error text,
  started_at timestamptz,
  ended_at timestamptz,
  analysis_started_at timestamptz,
  analysed_at timestamptz,
  confirmed_at timestamptz,
  prompt_tokens integer not null default 0,
  completion_tokens integer not null default 0,
  cost_usd numeric(12, 6),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint count_sessions_id_shop_key unique (id, shop_id),
  constraint count_sessions_status_check check (status in ('uploading', 'analysing', 'review', 'failed', 'confirmed')),
  constraint count_sessions_analyser_check check (analyser in ('barcode', 'vision')),
  constraint count_sessions_error_check check (char_length(error) <= 500),
  constraint count_sessions_tokens_check check (prompt_tokens >= 0 and completion_tokens >= 0 and cost_usd >= 0)
);
create index count_sessions_shop_created_idx on public.count_sessions (shop_id, created_at desc);

create table public.count_photos (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null,
  shop_id uuid not null,
  side text not null,
  storage_path text not null unique,
  taken_at timestamptz not null,
  status text not null default 'pending',
  error text,
  codes_found integer,
  analysed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint count_photos_session_fkey foreign key (session_id, shop_id)
    references public.count_sessions (id, shop_id) on delete cascade,
  constraint count_photos_id_session_key unique (id, session_id, shop_id),
  constraint count_photos_side_check check (side in ('start', 'end')),
  constraint count_photos_status_check check (status in ('pending', 'analysed', 'failed')),
  constraint count_photos_path_check check (storage_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/[a-z0-9-]{1,80}\.(jpg|png|webp)$'),
  constraint count_photos_error_check check (char_length(error) <= 500),
  constraint count_photos_codes_check check (codes_found >= 0)
);
create index count_photos_session_idx on public.count_photos (session_id);
-- "Last scan" on the dashboard.
create index count_photos_shop_analysed_idx on public.count_photos (shop_id, analysed_at desc);

-- What an analyser proposed for one product in one photo.
create table public.count_lines (
  photo_id uuid not null,
  session_id uuid not null,
  shop_id uuid not null,
  product_id uuid not null,
  count integer not null,
  confidence numeric(4, 3) not null,
  analyser text not null,
  primary key (photo_id, product_id),
  constraint count_lines_photo_fkey foreign key (photo_id, session_id, shop_id)
    references public.count_photos (id, session_id, shop_id) on delete cascade,
  constraint count_lines_product_fkey foreign key (product_id, shop_id)
    references public.products (id, shop_id) on delete cascade,
  constraint count_lines_count_check check (count between 0 and 1000000),
  constraint count_lines_confidence_check check (confidence between 0 and 1),
  constraint count_lines_analyser_check check (analyser in ('barcode', 'vision'))
);
create index count_lines_session_idx on public.count_lines (session_id);
create index count_lines_product_idx on public.count_lines (product_id);

-- Codes or items seen that match no product, for the owner to add.
create table public.count_unmatched (
  id uuid primary key default gen_random_uuid(),
  photo_id uuid not null,
  session_id uuid not null,
  shop_id uuid not null,
  label text not null,
  format text,
  count integer not null,
  constraint count_unmatched_photo_fkey foreign key (photo_id, session_id, shop_id)
    references public.count_photos (id, session_id, shop_id) on delete cascade,
  constraint count_unmatched_label_check check (char_length(label) between 1 and 300),
  constraint count_unmatched_format_check check (char_length(format) <= 40),
  constraint count_unmatched_count_check check (count between 1 and 1000000)
);
create index count_unmatched_photo_idx on public.count_unmatched (photo_id);
create index count_unmatched_session_idx on public.count_unmatched (session_id);

-- The numbers the owner confirmed, and what they did to stock.
create table public.count_results (
  session_id uuid not null,
  shop_id uuid not null,
  product_id uuid not null,
  start_count integer not null,
  end_count integer not null,
  received integer not null,
  sold integer not null,
  qty_before integer not null,
  qty_after integer not null,
  primary key (session_id, product_id),
  constraint count_results_session_fkey foreign key (session_id, shop_id)
    references public.count_sessions (id, shop_id) on delete cascade,
  constraint count_results_product_fkey foreign key (product_id, shop_id)
    references public.products (id, shop_id) on delete cascade
);
create index count_results_product_idx on public.count_results (product_id);

alter table public.count_sessions enable row level security;
alter table public.count_photos enable row level security;
alter table public.count_lines enable row level security;
alter table public.count_unmatched enable row level security;
alter table public.count_results enable row level security;

create policy "Owners read their stocktakes" on public.count_sessions
  for select to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners start stocktakes" on public.count_sessions
  for insert to authenticated with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
-- A confirmed stocktake is history: only confirm_count_session() gets it there, and nothing changes it after.
create policy "Owners work on open stocktakes" on public.count_sessions
  for update to authenticated
  using (status <> 'confirmed' and shop_id in (select id from public.shops where owner_id = (select auth.uid())))
  with check (status <> 'confirmed' and shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners discard open stocktakes" on public.count_sessions
  for delete to authenticated
  using (status <> 'confirmed' and shop_id in (select id from public.shops where owner_id = (select auth.uid())));

create policy "Owners read their count photos" on public.count_photos
  for select to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners add count photos" on public.count_photos
  for insert to authenticated with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners update count photos" on public.count_photos
  for update to authenticated
  using (shop_id in (select id from public.shops where owner_id = (select auth.uid())))
  with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners remove count photos" on public.count_photos
  for delete to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

create policy "Owners read their count lines" on public.count_lines
  for select to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners write count lines" on public.count_lines
  for insert to authenticated with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners clear count lines" on public.count_lines
  for delete to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

create policy "Owners read unmatched codes" on public.count_unmatched
  for select to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners write unmatched codes" on public.count_unmatched
  for insert to authenticated with check (shop_id in (select id from public.shops where owner_id = (select auth.uid())));
create policy "Owners clear unmatched codes" on public.count_unmatched
  for delete to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

create policy "Owners read their count results" on public.count_results
  for select to authenticated using (shop_id in (select id from public.shops where owner_id = (select auth.uid())));

revoke all on table public.count_sessions, public.count_photos, public.count_lines, public.count_unmatched, public.count_results
  from anon, authenticated;
grant select, delete on table public.count_sessions to authenticated;
grant insert (shop_id, started_at, ended_at) on table public.count_sessions to authenticated;
grant update (status, analyser, error, started_at, ended_at, analysis_started_at, analysed_at,
              prompt_tokens, completion_tokens, cost_usd) on table public.count_sessions to authenticated;
grant select, delete on table public.count_photos to authenticated;
grant insert (session_id, shop_id, side, storage_path, taken_at) on table public.count_photos to authenticated;
grant update (status, error, codes_found, analysed_at) on table public.count_photos to authenticated;
grant select, delete on table public.count_lines to authenticated;
grant insert (photo_id, session_id, shop_id, product_id, count, confidence, analyser) on table public.count_lines to authenticated;
grant select, delete on table public.count_unmatched to authenticated;
grant insert (photo_id, session_id, shop_id, label, format, count) on table public.count_unmatched to authenticated;
grant select on table public.count_results to authenticated;
grant all on table public.count_sessions, public.count_photos, public.count_lines, public.count_unmatched, public.count_results
  to service_role;

-- Photos are private to the shop's owner and shown through short-lived signed URLs.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('stock-photos', 'stock-photos', false, 15728640, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

create policy "Owners read their stock photos" on storage.objects
  for select to authenticated
  using (bucket_id = 'stock-photos'
         and (storage.foldername(name))[1] in (select id::text from public.shops where owner_id = (select auth.uid())));
create policy "Owners upload stock photos" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'stock-photos'
              and (storage.foldername(name))[1] in (select id::text from public.shops where owner_id = (select auth.uid())));
create policy "Owners delete stock photos" on storage.objects
  for delete to authenticated
  using (bucket_id = 'stock-photos'
         and (storage.foldername(name))[1] in (select id::text from public.shops where owner_id = (select auth.uid())));
