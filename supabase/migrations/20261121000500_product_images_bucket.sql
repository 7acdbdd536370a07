-- Product photos: public to read (catalogue cards), written only into the
-- owner's own shop folder: product-images/<shop id>/<file>.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('product-images', 'product-images', true, 5242880,
        array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'])
on conflict (id) do nothing;

create policy "Owners read their product images" on storage.objects
  for select to authenticated
  using (bucket_id = 'product-images'
         and (storage.foldername(name))[1] in (select id::text from public.shops where owner_id = (select auth.uid())));
create policy "Owners upload product images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'product-images'
              and (storage.foldername(name))[1] in (select id::text from public.shops where owner_id = (select auth.uid())));
create policy "Owners replace product images" on storage.objects
  for update to authenticated
  using (bucket_id = 'product-images'
         and (storage.foldername(name))[1] in (select id::text from public.shops where owner_id = (select auth.uid())))
  with check (bucket_id = 'product-images'
              and (storage.foldername(name))[1] in (select id::text from public.shops where owner_id = (select auth.uid())));
create policy "Owners delete product images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'product-images'
         and (storage.foldername(name))[1] in (select id::text from public.shops where owner_id = (select auth.uid())));
