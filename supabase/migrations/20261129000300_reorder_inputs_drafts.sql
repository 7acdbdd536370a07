-- The reorder page in one request: reorder_inputs() also names each supplier's newest open
-- draft (where that supplier's ticked lines go), so the page no longer reads purchase_orders
-- beside it. The drafts are part of the page's copy: a purchase order written raises the
-- shop's version, as before. reorder_inputs_of() (the dashboard, deliveries) is unchanged.
create or replace function private.reorder_inputs_uncached() returns json
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_shop_id uuid := public.current_shop_id(array['owner', 'manager']);
  v_inputs json := public.reorder_inputs_of(v_shop_id);
begin
  return json_build_object(
    'days', v_inputs -> 'days',
    'service_level', v_inputs -> 'service_level',
    'products', v_inputs -> 'products',
    -- newest first by created_at, then number: the draft new lines are added to
    'drafts', coalesce((
      select json_agg(json_build_object('supplier_id', d.supplier_id, 'id', d.id, 'number', d.number) order by d.number)
        from (select distinct on (po.supplier_id) po.supplier_id, po.id, po.number
                from public.purchase_orders po
               where po.shop_id = v_shop_id and po.status = 'draft' and v_inputs ->> 'days' is not null
               order by po.supplier_id, po.created_at desc, po.number desc) d), '[]'::json));
end
$$;

revoke execute on function private.reorder_inputs_uncached() from public, anon;
grant execute on function private.reorder_inputs_uncached() to authenticated, service_role;
