-- Add product, sent again after its answer was lost (a dropped connection), made a second product
-- with the same opening stock: the form now sends one request id for as long as it is open, and a
-- shop holds one product per request id. The app answers a repeat with the product already made.
alter table public.products add column request_id uuid;
create unique index products_shop_request_key on public.products (shop_id, request_id) where request_id is not null;

-- The creator looks a repeat up by its id; the id is random and says nothing else.
grant insert (request_id), select (request_id) on table public.products to authenticated;
