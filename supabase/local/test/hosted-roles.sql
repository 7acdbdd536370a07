-- Hosted Supabase's roles, ownership and grants, as far as `supabase db push` meets them, laid over
-- a scratch database that already has the local base schema. Run by a superuser, who plays
-- supabase_admin (the platform's superuser); hosted_postgres plays the `postgres` role that
-- migrations run as there (the cluster's own `postgres` is a superuser, so it cannot).
--
-- Written from the platform's own SQL, not copied from it. Sources, by path:
--   [pg]  github.com/supabase/postgres  migrations/db/{init-scripts,migrations}/…, ansible/files/…
--   [gt]  github.com/supabase/auth      migrations/…
--   [st]  github.com/supabase/storage   migrations/tenant/…
-- Where the platform changed over time, this takes the narrower grant (new projects).
-- Roles belong to the server, not the database: run it under the scratch server's setup lock.

-- The roles ------------------------------------------------------------------------------------

do $$
begin
  -- [pg] init-scripts/00000000000001-auth-schema.sql, 00000000000002-storage-schema.sql. Services log
  -- in as them there; nothing does here.
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin noinherit createrole nologin; end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin noinherit createrole nologin; end if;
  if not exists (select from pg_roles where rolname = 'hosted_postgres') then create role hosted_postgres; end if;
  -- Not the platform's: the stand-in owner of the tables supautils lets postgres put policies on (below).
  if not exists (select from pg_roles where rolname = 'hosted_policy_grants') then create role hosted_policy_grants nologin; end if;
end $$;

-- [pg] migrations/10000000000000_demote-postgres.sql: "alter role postgres nosuperuser createdb
-- createrole login replication bypassrls". Its password is set (and taken away again) by the test.
alter role hosted_postgres nosuperuser createdb createrole login replication bypassrls;
-- [pg] init-scripts/00000000000003-post-setup.sql
alter role hosted_postgres set search_path = "$user", public, extensions;
-- [pg] migrations/20230201083204_grant_auth_roles_to_postgres.sql, 20230306081037_grant_pg_monitor_to_postgres.sql,
-- 20240606060239_grant_predefined_roles_to_postgres.sql (pg_read_all_data: it can read every table).
grant anon, authenticated, service_role, pg_monitor, pg_read_all_data, pg_signal_backend to hosted_postgres;
-- [pg] 20220609081115 made postgres a member of both admins; 20240607084701, 20240627101908 and
-- 20250421084701_revoke_admin_roles_from_postgres.sql took that back.
revoke supabase_auth_admin, supabase_storage_admin from hosted_postgres;

-- The database and public ------------------------------------------------------------------------

-- [pg] migrate.sh: "alter database postgres owner to postgres"; public (owned by pg_database_owner
-- on PostgreSQL 15) is then postgres's.
do $$ begin execute format('alter database %I owner to hosted_postgres', current_database()); end $$;
-- [pg] init-scripts/00000000000000-initial-schema.sql, run as postgres: everything postgres makes in
-- public is granted in full to the API roles, unless a migration revokes it. (Projects on the
-- "not exposed by default" setting get no such grants: the local stack, which grants nothing
-- by default, runs every other test that way.)
alter default privileges for role hosted_postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public grant all on sequences to anon, authenticated, service_role;
-- [pg] init-scripts/00000000000000-initial-schema.sql: an empty publication, made while postgres
-- was still a superuser, so it is postgres's.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then create publication supabase_realtime; end if;
end $$;
alter publication supabase_realtime owner to hosted_postgres;

-- extensions -------------------------------------------------------------------------------------

-- [pg] init-scripts/00000000000000-initial-schema.sql creates it as postgres; 20230224042246_grant_extensions_perms_for_postgres.sql
alter schema extensions owner to hosted_postgres;
grant all on all tables in schema extensions to hosted_postgres with grant option;
grant all on all routines in schema extensions to hosted_postgres with grant option;
grant all on all sequences in schema extensions to hosted_postgres with grant option;

-- auth and storage: owners -----------------------------------------------------------------------

-- [pg] init-scripts/00000000000001-auth-schema.sql, 00000000000002-storage-schema.sql: both schemas
-- are supabase_admin's; their tables, functions and types belong to supabase_auth_admin and
-- supabase_storage_admin (and 20211124212715_update-auth-owner.sql for auth's functions).
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;
do $$
declare r record;
begin
  for r in
    with owners (schema, owner) as (values ('auth'::regnamespace, 'supabase_auth_admin'), ('storage'::regnamespace, 'supabase_storage_admin'))
    select format('table %s', c.oid::regclass) as object, o.owner from pg_class c join owners o on c.relnamespace = o.schema
     where c.relkind in ('r', 'p')
    union all
    select format('function %s', p.oid::regprocedure), o.owner from pg_proc p join owners o on p.pronamespace = o.schema
    union all
    select format('type %s', t.oid::regtype), o.owner from pg_type t join owners o on t.typnamespace = o.schema
     where t.typtype = 'e'
  loop
    execute format('alter %s owner to %I', r.object, r.owner);
  end loop;
end $$;

-- auth -------------------------------------------------------------------------------------------

-- [pg] 10000000000000_demote-postgres.sql grants all on the schema; 20240627101908 and
-- 20250421084701 revoke create: postgres can use auth, not add to it.
grant usage on schema auth to hosted_postgres;
-- [pg] 10000000000000_demote-postgres.sql, 20211115181400_update-auth-permissions.sql: all on the
-- tables the image makes (users, refresh_tokens, instances, audit_log_entries), their sequences
-- and auth's functions.
grant all on auth.users, auth.refresh_tokens to hosted_postgres;
grant all on all sequences in schema auth to hosted_postgres;
grant all on all routines in schema auth to hosted_postgres;
-- [gt] migrations/20240612123726_enable_rls_update_grants.up.sql: only select (with grant option)
-- on the tables GoTrue makes itself. (Older projects also got all through default privileges,
-- which 20211115181400 now leaves commented out.)
grant select on auth.identities, auth.sessions, auth.flow_state, auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims
  to hosted_postgres with grant option;

-- storage ----------------------------------------------------------------------------------------

-- [pg] 20250709135250_grant_storage_schema_to_postgres_with_grant_option.sql; create was revoked
-- by 20240607084701 and 20250421084701.
grant usage on schema storage to hosted_postgres with grant option;
revoke create on schema storage from hosted_postgres;
-- [st] migrations/tenant/0046-buckets-objects-grants.sql, 0049-buckets-objects-grants-postgres.sql;
-- [pg] 20250623125453_tmp_grant_storage_tables_to_postgres_with_grant_option.sql
grant all on storage.buckets, storage.objects to hosted_postgres with grant option;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- supautils --------------------------------------------------------------------------------------

-- [pg] ansible/files/postgresql_config/supautils.conf.j2: supautils.policy_grants (and
-- drop_trigger_grants) let postgres create, alter and drop policies, and drop triggers, on
-- auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.audit_log_entries,
-- storage.buckets, storage.objects and a few more, without owning them; every other owner-only
-- command on them fails. Stock PostgreSQL has no such hook, so: the listed tables postgres already
-- holds every privilege on get a stand-in owner that hosted_postgres is a member of, and an event
-- trigger refuses hosted_postgres every command that would need it to own an object of auth or
-- storage (alter table, indexes, comments, drops...) other than policies and triggers.
-- auth.identities and auth.sessions, where postgres may only read, are left out: a policy on
-- them fails here though the platform would take it.
do $$
declare r record;
begin
  for r in select unnest(array['auth.users', 'auth.refresh_tokens', 'storage.buckets', 'storage.objects']::regclass[]) as t loop
    execute format('alter table %s owner to hosted_policy_grants', r.t);
  end loop;
end $$;
grant hosted_policy_grants to hosted_postgres;
-- As the real owners can: foreign-key checks against these tables run as their owner.
grant usage on schema auth, storage to hosted_policy_grants;

create schema if not exists hosted_emulation;
revoke all on schema hosted_emulation from public;
create or replace function hosted_emulation.refuse_platform_ddl() returns event_trigger language plpgsql as $$
declare r record;
begin
  if session_user <> 'hosted_postgres' then return; end if;
  if tg_event = 'sql_drop' then
    select object_type, object_identity into r from pg_event_trigger_dropped_objects()
     where schema_name in ('auth', 'storage') and object_type not in ('policy', 'trigger') limit 1;
  else
    select object_type, object_identity into r from pg_event_trigger_ddl_commands()
     where schema_name in ('auth', 'storage') and object_type not in ('policy', 'trigger') limit 1;
  end if;
  if found then
    raise exception 'must be owner of % %', r.object_type, r.object_identity using errcode = '42501',
      hint = 'On hosted Supabase postgres owns nothing in auth or storage: supautils lets it manage policies, and drop triggers, on some of their tables, nothing more.';
  end if;
end $$;
drop event trigger if exists hosted_refuse_platform_ddl;
create event trigger hosted_refuse_platform_ddl on ddl_command_end execute function hosted_emulation.refuse_platform_ddl();
drop event trigger if exists hosted_refuse_platform_drop;
create event trigger hosted_refuse_platform_drop on sql_drop execute function hosted_emulation.refuse_platform_ddl();

-- The rest ----------------------------------------------------------------------------------------

-- The CLI makes supabase_migrations itself, connected as postgres, when it first pushes.
alter schema supabase_migrations owner to hosted_postgres;
alter table supabase_migrations.schema_migrations owner to hosted_postgres;
-- The local stack's own schema (not on the platform): a migration must not lean on it.
drop schema local_stack cascade;
