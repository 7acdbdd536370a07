-- What the app's proxy asks before it draws a page when no database answer is recent. It must
-- reach PostgreSQL itself: PostgREST answers its root from the schema cache, even with the
-- database gone. Cheap, and it reads nothing. Not for anon, like everything else here: a call
-- refused for lack of the privilege is still an answer from PostgreSQL.
create or replace function public.backend_health()
returns boolean
language sql
stable
set search_path = ''
as $$ select true $$;

revoke execute on function public.backend_health() from public;
grant execute on function public.backend_health() to authenticated, service_role;
