-- Copies of days gone by are never answered again (a copy is for its shop's local day), yet a shop
-- nobody opens any more kept its copies for good. Each copy kept now deletes up to 20 copies of any
-- shop from before yesterday (UTC), oldest first: the table stays about as large as the shops in use
-- make it, with no job to run. Rows another load holds are left for the next one.
create index page_cache_day_idx on private.page_cache (day);

create or replace function private.keep_page(p_shop_id uuid, p_kind text, p_version bigint, p_day date, p_body json) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_body is null or current_setting('transaction_read_only') = 'on' then
    return;
  end if;
  insert into private.page_cache as c (shop_id, kind, version, day, body)
  values (p_shop_id, p_kind, p_version, p_day, p_body)
  on conflict (shop_id, kind) do update set version = excluded.version, day = excluded.day, body = excluded.body
   -- a slower load of an older version never replaces a newer copy
   where (c.version, c.day) < (excluded.version, excluded.day);
  -- a shop's local day is at most a day either side of UTC's
  delete from private.page_cache c
   where (c.shop_id, c.kind) in (select o.shop_id, o.kind from private.page_cache o
                                  where o.day < current_date - 1
                                  order by o.day limit 20 for update skip locked);
end
$$;
