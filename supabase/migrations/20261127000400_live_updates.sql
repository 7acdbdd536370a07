-- Live updates on every device (issue 26): Realtime sends the changes of the tables in
-- publication supabase_realtime (hosted Supabase and the CLI create it empty), each row only to
-- subscribers whose RLS lets them read it. Stock, its ledger, and an open stocktake with its photos
-- and the counts changed in its review.
--
-- Replica identity full: Realtime filters a DELETE (shop_id=eq.…) on the old row's identity,
-- which by default holds only the primary key, so a device listening to its own shop would never
-- hear of a delete. With full it does; the payload still carries only the primary key, as
-- Realtime sends no more of a deleted row on a table with RLS.
alter table public.products replica identity full;
alter table public.stock_movements replica identity full;
alter table public.count_sessions replica identity full;
alter table public.count_photos replica identity full;
alter table public.count_edits replica identity full;

do $$
declare
  t regclass;
begin
  -- a publication FOR ALL TABLES already holds them
  if (select puballtables from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    return;
  end if;
  foreach t in array array['public.products', 'public.stock_movements', 'public.count_sessions', 'public.count_photos', 'public.count_edits']::regclass[] loop
    if not exists (
      select from pg_catalog.pg_publication_rel r
      join pg_catalog.pg_publication p on p.oid = r.prpubid
      where p.pubname = 'supabase_realtime' and r.prrelid = t
    ) then
      execute format('alter publication supabase_realtime add table %s', t);
    end if;
  end loop;
end
$$;
