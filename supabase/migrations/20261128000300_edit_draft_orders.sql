-- A draft purchase order's lines can be changed before it is sent: the reorder page makes drafts
-- and says "Check them, then mark them sent", but a draft had no way to change a quantity or drop
-- a line. One call, in one transaction: p_lines is [{ "id": line id, "packs": 0 … 100000 }], where
-- 0 takes the line off. A draft keeps at least one line (cancel the order to drop them all).
create function public.update_purchase_order_draft(p_purchase_order_id uuid, p_lines jsonb) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_order public.purchase_orders := public.lock_owned_purchase_order(p_purchase_order_id);
  v_changed integer;
begin
  if v_order.status <> 'draft' then
    raise exception 'This purchase order has been sent: its lines can no longer be changed' using errcode = '22023';
  end if;
  if jsonb_typeof(p_lines) is distinct from 'array' or exists (
    select from jsonb_array_elements(p_lines) l
     where jsonb_typeof(l -> 'packs') is distinct from 'number' or (l ->> 'packs')::numeric not between 0 and 100000
        or (l ->> 'packs')::numeric <> trunc((l ->> 'packs')::numeric)
        or not exists (select from public.purchase_order_lines pl where pl.purchase_order_id = v_order.id and pl.id::text = l ->> 'id')
  ) then
    raise exception 'Packs must be whole numbers from 0 to 100,000, on this order''s lines' using errcode = '22023';
  end if;
  if not exists (
    select from public.purchase_order_lines pl
     where pl.purchase_order_id = v_order.id
       and coalesce((select (l ->> 'packs')::integer from jsonb_array_elements(p_lines) l where l ->> 'id' = pl.id::text limit 1), pl.packs) > 0
  ) then
    raise exception 'An order needs at least one line: cancel it instead' using errcode = '22023';
  end if;
  with wanted as (
    select (l ->> 'id')::uuid as id, (l ->> 'packs')::integer as packs from jsonb_array_elements(p_lines) l
  ), dropped as (
    delete from public.purchase_order_lines pl using wanted w
     where pl.id = w.id and pl.purchase_order_id = v_order.id and w.packs = 0
    returning 1
  ), kept as (
    update public.purchase_order_lines pl set packs = w.packs from wanted w
     where pl.id = w.id and pl.purchase_order_id = v_order.id and w.packs > 0 and pl.packs <> w.packs
    returning 1
  )
  select (select count(*) from dropped) + (select count(*) from kept) into v_changed;
  update public.purchase_orders set updated_at = now() where id = v_order.id and v_changed > 0;
  return v_changed;
end
$$;
revoke execute on function public.update_purchase_order_draft(uuid, jsonb) from public, anon;
grant execute on function public.update_purchase_order_draft(uuid, jsonb) to authenticated, service_role;
