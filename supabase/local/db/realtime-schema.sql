-- Not part of Supabase: how the stack's Realtime learns of changes. Hosted Realtime decodes the
-- WAL of publication supabase_realtime; PGlite has no logical decoding (nor has a PostgreSQL with
-- wal_level=replica, Debian's default), so every table in that publication gets a trigger that keeps
-- each change in local_stack.realtime_changes and NOTIFY the stack, which takes the rows, sends
-- them to whoever may see them (realtime/change-feed.ts) and deletes them. The NOTIFY carries no
-- payload (its 8000-byte limit), and changes are kept only for tables someone is subscribed to.
-- Idempotent, like base-schema.sql, which it follows.

create table if not exists local_stack.realtime_changes (
  id bigint generated always as identity primary key,
  entity oid not null,
  action text not null,
  record jsonb,
  old_record jsonb,
  -- the transaction's time: the same for every change it makes, as a commit timestamp is
  committed_at timestamptz not null default now()
);

-- The tables at least one subscription listens to; the stack keeps it up to date.
create table if not exists local_stack.realtime_listened (
  entity oid primary key
);

-- Per row, after the row is written. The trigger's name sorts before the usual lowercase ones
-- (same-event triggers fire in name order), so a row is kept before anything another trigger
-- writes because of it: a product comes before the stock movement its insert makes.
create or replace function local_stack.realtime_capture() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select from local_stack.realtime_listened where entity = tg_relid) then
    return null;
  end if;
  insert into local_stack.realtime_changes (entity, action, record, old_record)
  values (
    tg_relid,
    tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  );
  perform pg_notify('local_stack_realtime', '');
  return null;
end
$$;

-- Gives every table of the publication the capture trigger, and takes it off tables that left it.
create or replace function local_stack.realtime_sync_triggers() returns void
language plpgsql security definer set search_path = '' as $$
declare
  rel regclass;
begin
  for rel in
    select format('%I.%I', schemaname, tablename)::regclass from pg_catalog.pg_publication_tables
    where pubname = 'supabase_realtime'
    except
    select tgrelid::regclass from pg_catalog.pg_trigger where tgname = '_local_stack_realtime'
  loop
    execute format('create trigger _local_stack_realtime after insert or update or delete on %s
      for each row execute function local_stack.realtime_capture()', rel);
  end loop;
  for rel in
    select tgrelid::regclass from pg_catalog.pg_trigger where tgname = '_local_stack_realtime'
    except
    select format('%I.%I', schemaname, tablename)::regclass from pg_catalog.pg_publication_tables
    where pubname = 'supabase_realtime'
  loop
    execute format('drop trigger _local_stack_realtime on %s', rel);
  end loop;
end
$$;

-- A migration (or anyone) adding a table to the publication gets its triggers at once.
create or replace function local_stack.realtime_publication_changed() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform local_stack.realtime_sync_triggers();
end
$$;

do $$
begin
  if not exists (select from pg_catalog.pg_event_trigger where evtname = 'local_stack_realtime_publication') then
    create event trigger local_stack_realtime_publication on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE')
      execute function local_stack.realtime_publication_changed();
  end if;
end
$$;

-- What the stack knows of a table's columns, privileges and policies (realtime/table-meta.ts) is
-- kept until this number moves: every DDL command (GRANT and REVOKE, CREATE POLICY, ALTER TABLE...)
-- moves it, in its own transaction, so a change committed after it is judged by the new catalogue.
-- Role attributes (ALTER ROLE ... BYPASSRLS, GRANT role TO role) are global and do not move it.
create table if not exists local_stack.realtime_catalog (
  singleton boolean primary key default true check (singleton),
  version bigint not null default 0
);
insert into local_stack.realtime_catalog default values on conflict do nothing;

create or replace function local_stack.realtime_catalog_changed() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- local_stack.realtime_visible's own temporary table changes nothing the stack keeps
  if current_setting('local_stack.realtime_quiet', true) = 'on' then
    return;
  end if;
  update local_stack.realtime_catalog set version = version + 1;
end
$$;

do $$
begin
  if not exists (select from pg_catalog.pg_event_trigger where evtname = 'local_stack_realtime_catalog') then
    create event trigger local_stack_realtime_catalog on ddl_command_end
      execute function local_stack.realtime_catalog_changed();
  end if;
end
$$;

revoke all on function local_stack.realtime_catalog_changed() from public;
revoke all on function local_stack.realtime_capture() from public;
revoke all on function local_stack.realtime_sync_triggers() from public;
revoke all on function local_stack.realtime_publication_changed() from public;

select local_stack.realtime_sync_triggers();

-- Runs each check as its subscriber, in one call for a whole batch (Realtime's walrus does the
-- same in its apply_rls). The batch's rows go once into a temporary table the checks read; each
-- check sets the role and request.jwt.claims of its subscriber and runs its statement
-- (realtime/change-sql.ts) over its rows. A statement is prepared once per connection, as walrus
-- prepares its own, so the next subscriber's check is not parsed and planned again. A check
-- that fails (a policy that cannot run on a row) shows nothing, says why, and does not stop the
-- others. Only the stack may call it.
create or replace function local_stack.realtime_visible(p_batch jsonb)
returns table (check_index int, change_id bigint, error text)
language plpgsql set search_path = public, extensions as $$
declare
  c jsonb;
  i int := 0;
  v_name text;
  v_ids bigint[];
begin
  if to_regclass('pg_temp.local_stack_realtime_rows') is null then
    perform set_config('local_stack.realtime_quiet', 'on', true);
    create temp table local_stack_realtime_rows (local_stack_change_id int8 primary key, local_stack_row jsonb) on commit delete rows;
    -- the subscribers' roles read it (a session's own temporary schema needs no grant)
    grant select on pg_temp.local_stack_realtime_rows to public;
    perform set_config('local_stack.realtime_quiet', '', true);
  end if;
  insert into pg_temp.local_stack_realtime_rows
  select (r ->> 0)::int8, r -> 1 from jsonb_array_elements(p_batch -> 'rows') as r;
  for c in select value from jsonb_array_elements(p_batch -> 'checks') loop
    v_name := 'local_stack_realtime_' || md5(c ->> 'sql');
    begin
      if not exists (select from pg_catalog.pg_prepared_statements where name = v_name) then
        execute format('prepare %I(int8[]) as select array_agg(id) from (%s) as visible', v_name, c ->> 'sql');
      end if;
      perform set_config('role', c ->> 'role', true), set_config('request.jwt.claims', c ->> 'claims', true);
      execute format('execute %I(%L)', v_name, c ->> 'ids') into v_ids;
      return query select i, unnest(coalesce(v_ids, '{}')), null::text;
    exception when others then
      return query select i, null::bigint, sqlerrm;
    end;
    perform set_config('role', 'none', true);
    i := i + 1;
  end loop;
end
$$;
revoke all on function local_stack.realtime_visible(jsonb) from public;
