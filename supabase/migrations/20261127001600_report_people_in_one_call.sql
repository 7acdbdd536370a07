-- /reports in one call: the sales per person come with the report, for the same period.
-- report_sales_by_person() worked the period out again from the range (its own copy of
-- shop_report_of()'s rules) and cost the page a second request; report_people() takes the
-- period the report has already worked out, as report_figures() does. A sale undone
-- within the period is no sale (as in report_figures); the person is who tapped the sale.

create function public.report_people(p_shop_id uuid, p_start timestamptz, p_end timestamptz)
returns jsonb
language plpgsql stable set search_path = '' as $$
begin
  if not coalesce(public.sees_costs(p_shop_id), false) then
    return null;
  end if;
  return (
    with sales as (
      select m.created_by, m.product_id, -m.delta as units
        from public.stock_movements m
       where m.shop_id = p_shop_id and m.created_at >= p_start and m.created_at < p_end
         and m.reason = 'sold' and m.delta < 0
         and not exists (select 1 from public.stock_movements undo
                          where undo.product_id = m.product_id
                            and undo.request_id = public.undo_request_id(m.request_id)
                            and undo.created_at >= p_start and undo.created_at < p_end)
    ), by_product as (
      select s.created_by, s.product_id, count(*) as sales, sum(s.units) as units, p.name, p.unit_price
        from sales s join public.products p on p.id = s.product_id
       group by s.created_by, s.product_id, p.name, p.unit_price
    ), ranked as (
      select b.*, row_number() over (partition by b.created_by order by b.units desc, b.name) as n from by_product b
    )
    select coalesce(jsonb_agg(person order by (person ->> 'units')::int desc, person ->> 'name'), '[]'::jsonb)
      from (
        select jsonb_build_object(
                 'user_id', r.created_by,
                 'name', coalesce(pp.name, 'Unknown'),
                 'sales', sum(r.sales), 'units', sum(r.units),
                 'value', coalesce(sum(r.units * r.unit_price), 0),
                 'unpriced_products', count(*) filter (where r.unit_price is null),
                 'products', jsonb_agg(jsonb_build_object('name', r.name, 'units', r.units, 'value', r.units * r.unit_price)
                                       order by r.n) filter (where r.n <= 10)) as person
          from ranked r left join public.shop_people pp on pp.shop_id = p_shop_id and pp.user_id = r.created_by
         group by r.created_by, pp.name
      ) people
  );
end
$$;

revoke execute on function public.report_people(uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.report_people(uuid, timestamptz, timestamptz) to authenticated, service_role;

-- The caller's report with its people, over the period the report worked out. The emailed and
-- fed reports (shop_report_of() with the service role) show no people and do not pay for them.
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
  return v_report || jsonb_build_object('people', public.report_people(v_shop_id, (v_report ->> 'start')::timestamptz, (v_report ->> 'end')::timestamptz));
end
$$;

drop function public.report_sales_by_person(date, date, text);
