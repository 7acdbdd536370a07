-- On a hosted project whatever postgres makes in public is granted to anon and authenticated
-- unless a migration revokes it (supabase/postgres, migrations/db/init-scripts/00000000000000-initial-schema.sql);
-- the local stack grants nothing by default. These three were left with the platform's grants:
-- the identity sequences (an insert takes their next value without any privilege) and
-- backend_health(), which its migration means for signed-in callers only.
revoke all on sequence public.deliveries_id_seq, public.shop_changes_id_seq from anon, authenticated;
revoke execute on function public.backend_health() from anon;
