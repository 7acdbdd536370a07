-- How often the owner wants a delivery to arrive before a shelf runs empty:
-- the service level the reorder suggestions' safety stock is computed for.
alter table public.shops add column reorder_service_level numeric(4, 3) not null default 0.95;
alter table public.shops add constraint shops_reorder_service_level_check check (reorder_service_level between 0.5 and 0.999);
grant update (reorder_service_level) on table public.shops to authenticated;
