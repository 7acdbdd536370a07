-- Photos counted on the phone. The phone's barcode decoder (the same one the
-- server runs, in a Web Worker) sends each photo's codes with the photo; the
-- server matches them to the catalogue and records the photo's proposal as
-- its own count does. Each photo says where it was counted ('device' or
-- 'server'); the owner can have a phone's count done again on the server.
-- With "Keep photos on this phone" the stored file is a sheet of label crops,
-- not the photo (kept_on_device): the review shows the crops, and the server
-- cannot count it again.
alter table public.count_photos
  add column counted_on text,
  add column kept_on_device boolean not null default false,
  add constraint count_photos_counted_on_check check (counted_on in ('device', 'server'));

update public.count_photos set counted_on = 'server' where status = 'analysed';

-- The action that records a phone's count and the analysis job write these through the owner's client.
grant update (counted_on, kept_on_device) on table public.count_photos to authenticated;
