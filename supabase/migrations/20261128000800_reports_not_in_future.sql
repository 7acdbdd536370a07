-- A custom report that ends after today is refused in words, as a backwards one is: its days
-- to come read as days without a sale (a falling trend, "no sales recorded") and its stock value
-- as today's. The date inputs already offer no later day; an address or a form sent by hand did.
-- The report's own today (the shop's clock) decides, after shop_report_of() has worked it out.
create or replace function public.shop_report(p_from date default null, p_to date default null, p_range text default null)
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  v_shop_id uuid := public.current_shop_id(array['owner', 'manager']);
  v_report jsonb := public.shop_report_of(v_shop_id, p_from, p_to, p_range);
begin
  if v_report is null then
    return null;
  end if;
  if (v_report ->> 'to')::date > (v_report ->> 'today')::date then
    raise exception 'The end date is after today (%)', to_char((v_report ->> 'today')::date, 'FMDD Mon YYYY')
      using errcode = '22023', hint = 'range_future';
  end if;
  return v_report || jsonb_build_object('people', public.report_people(v_shop_id, (v_report ->> 'start')::timestamptz, (v_report ->> 'end')::timestamptz));
end
$$;
