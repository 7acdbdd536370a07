-- A demo shop for a newcomer: sign in as demo@shelfsnap.app / shelfsnap-demo.
-- Tests start their stacks without this seed, and it touches no test user.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', 'd0d0d0d0-0000-4000-8000-000000000001', 'authenticated',
        'authenticated', 'demo@shelfsnap.app', extensions.crypt('shelfsnap-demo', extensions.gen_salt('bf')), now(),
        '{"provider":"email","providers":["email"]}', '{"full_name":"Demo Owner"}', now(), now())
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values ('d0d0d0d0-0000-4000-8000-000000000001', 'd0d0d0d0-0000-4000-8000-000000000001',
        '{"sub":"d0d0d0d0-0000-4000-8000-000000000001","email":"demo@shelfsnap.app","email_verified":true}',
        'email', now(), now())
on conflict do nothing;

insert into public.shops (id, owner_id, name, currency, timezone)
values ('d0d0d0d0-0000-4000-8000-0000000000a1', 'd0d0d0d0-0000-4000-8000-000000000001', 'Corner Shop Demo', 'GBP', 'Europe/London')
on conflict do nothing;

insert into public.products (shop_id, name, sku, barcode, qty, low_stock_threshold, target_qty, unit_cost, unit_price)
values
  ('d0d0d0d0-0000-4000-8000-0000000000a1', 'Whole Milk 1L', 'MILK-1L', '5000000000017', 14, 6, 24, 0.62, 1.15),
  ('d0d0d0d0-0000-4000-8000-0000000000a1', 'Sourdough Loaf', 'BREAD-SD', '5000000000024', 3, 4, 12, 1.40, 3.20),
  ('d0d0d0d0-0000-4000-8000-0000000000a1', 'Free-range Eggs (6)', 'EGGS-6', '5000000000031', 9, 5, 18, 1.10, 2.30),
  ('d0d0d0d0-0000-4000-8000-0000000000a1', 'Ground Coffee 227g', 'COFFEE-227', '5000000000048', 2, 3, 10, 2.75, 4.99),
  ('d0d0d0d0-0000-4000-8000-0000000000a1', 'Sparkling Water 500ml', 'WATER-SP', '5000000000055', 30, 10, 40, 0.25, 0.85),
  ('d0d0d0d0-0000-4000-8000-0000000000a1', 'Dark Chocolate Bar', 'CHOC-DK', null, 0, 5, 20, 0.80, 1.75)
on conflict do nothing;
