-- The report's statements, planned once per connection. With the default plan
-- cache mode each call of shop_report() re-plans its one large query (a custom
-- plan for the shop's id and dates): on a 100-product shop that took longer
-- than running it (7-10 ms a call against 5-6 ms planned once). A generic plan
-- keeps the indexes on (shop_id, created_at) and (shop_id, day), and is no
-- slower on a shop of 2,000 products and 100,000 movements (30 days: 92 ms
-- against 106 ms). reorder_inputs() and dashboard() gain nothing from it.
alter function public.shop_report(date, date, text) set plan_cache_mode = force_generic_plan;
alter function public.shop_report_of(uuid, date, date, text) set plan_cache_mode = force_generic_plan;
alter function public.report_figures(uuid, timestamptz, timestamptz) set plan_cache_mode = force_generic_plan;
