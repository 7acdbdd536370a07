-- What a delivery cost is what its products cost: stock arriving on a purchase order line with a
-- cost per unit makes that the product's cost (the last price paid), so stock value, margins and
-- shrinkage follow the supplier's prices without the owner typing each one again. A line without
-- a cost changes nothing. Only receive_purchase_order() raises `received` (no role may update it).
create function public.purchase_order_lines_set_cost() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.products set unit_cost = new.unit_cost
   where id = new.product_id and unit_cost is distinct from new.unit_cost;
  return null;
end
$$;

create trigger purchase_order_lines_set_cost after update of received on public.purchase_order_lines
  for each row when (new.received > old.received and new.unit_cost is not null)
  execute function public.purchase_order_lines_set_cost();

revoke execute on function public.purchase_order_lines_set_cost() from public, anon, authenticated;
