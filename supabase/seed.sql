-- A demo shop for a newcomer: sign in as demo@shelfsnap.app / shelfsnap-demo.
-- Tests start their stacks without this seed, and it touches no test user.
-- GoTrue reads its token columns as strings: they hold '', never NULL, or the
-- user cannot sign in on a hosted project.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                        confirmation_token, recovery_token, email_change_token_new, email_change,
                        email_change_token_current, phone_change, phone_change_token, reauthentication_token)
values ('00000000-0000-0000-0000-000000000000', 'd0d0d0d0-0000-4000-8000-000000000001', 'authenticated',
        'authenticated', 'demo@shelfsnap.app', extensions.crypt('shelfsnap-demo', extensions.gen_salt('bf')), now(),
        '{"provider":"email","providers":["email"]}', '{"full_name":"Demo Owner"}', now(), now(),
        '', '', '', '', '', '', '', '')
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values ('d0d0d0d0-0000-4000-8000-000000000001', 'd0d0d0d0-0000-4000-8000-000000000001',
        '{"sub":"d0d0d0d0-0000-4000-8000-000000000001","email":"demo@shelfsnap.app","email_verified":true}',
        'email', now(), now())
on conflict do nothing;

-- The same rich shop a visitor gets from "Try the demo" (migration 20261123000400_demo_shop.sql).
select public.seed_demo_shop('d0d0d0d0-0000-4000-8000-000000000001');
