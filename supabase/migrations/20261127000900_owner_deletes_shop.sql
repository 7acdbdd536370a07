-- The owner deletes the shop (issue 26: the owner's alone, not a manager's). Everything of it
-- goes with the row (every table's shop_id is `on delete cascade`); its files in Storage the app
-- removes through the Storage API, by the names shop_files() gives it before the row goes.

create policy "Owners delete their shop" on public.shops
  for delete to authenticated using (id in (select public.member_shops(array['owner'])));

-- The owner's shop's stock photos and product images (both buckets keep a shop's files under a
-- folder named by its id); nothing for anyone else.
create function public.shop_files() returns table (bucket_id text, name text)
language sql stable security definer set search_path = '' as $$
  select o.bucket_id, o.name
    from storage.objects o
   where o.bucket_id in ('stock-photos', 'product-images')
     and (storage.foldername(o.name))[1] = (select public.current_shop_id(array['owner']))::text
   order by o.bucket_id, o.name
$$;

revoke execute on function public.shop_files() from public, anon;
grant execute on function public.shop_files() to authenticated, service_role;
