// What the policy sweeps try on a shop's rows, functions and files, keyed by what the database
// holds: cross-tenant.int.test.ts from another shop and the anon key, cross-role.int.test.ts as
// each member of the shop. Every insert is one the owner could make where its policy lets them
// (no key taken already), so a refusal is the policy's, not a constraint's.
import { randomUUID } from 'node:crypto'
import type { Json, Tenant } from './tenant-fixture.ts'

// `filter` picks the victim's row (PostgREST syntax); `insert` plants a row in the victim's shop.
export const tableAttacks: Record<string, (victim: Tenant) => { filter: string; insert: Json; patch: Json }> = {
  shops: (v) => ({ filter: `id=eq.${v.shopId}`, insert: { owner_id: v.user.id, name: 'Hijack', currency: 'GBP' }, patch: { name: 'Hijacked' } }),
  // a member row planted by someone else would open the whole shop to them
  shop_members: (v) => ({ filter: `shop_id=eq.${v.shopId}`, insert: { shop_id: v.shopId, user_id: v.user.id, role: 'manager' }, patch: { role: 'staff' } }),
  shop_people: (v) => ({ filter: `shop_id=eq.${v.shopId}`, insert: { shop_id: v.shopId, user_id: v.user.id, name: 'Planted' }, patch: { name: 'Hijacked' } }),
  // a forged record of who changed what
  shop_changes: (v) => ({ filter: `shop_id=eq.${v.shopId}`, insert: { shop_id: v.shopId, setting: 'name', new_value: 'Planted' }, patch: { changed_by: null } }),
  shop_invites: (v) => ({ filter: `id=eq.${v.inviteId}`, insert: { shop_id: v.shopId, email: 'planted@example.com', role: 'manager' }, patch: { role: 'manager', expires_at: '2099-01-01' } }),
  products: (v) => ({
    filter: `id=eq.${v.productId}`,
    insert: { shop_id: v.shopId, name: 'Planted', sku: 'PLANTED' },
    patch: { name: 'Hijacked', low_stock_threshold: 99 },
  }),
  // a view: the costs owners and managers read
  product_costs: (v) => ({ filter: `product_id=eq.${v.productId}`, insert: { product_id: v.breadId, shop_id: v.shopId, unit_cost: 1 }, patch: { unit_cost: 0 } }),
  stock_movements: (v) => ({
    filter: `id=eq.${v.movementId}`,
    insert: { shop_id: v.shopId, product_id: v.productId, delta: 100, qty_after: 107, reason: 'received' },
    patch: { delta: 1000 },
  }),
  stock_days: (v) => ({
    filter: `product_id=eq.${v.productId}`,
    insert: { product_id: v.productId, shop_id: v.shopId, day: '2026-01-01', sold: 99, end_qty: 0 },
    patch: { sold: 99 },
  }),
  // the figures the reorder suggestions are made of: forged, they would order what nobody sells
  product_sales_stats: (v) => ({
    filter: `product_id=eq.${v.productId}`,
    insert: { product_id: v.productId, shop_id: v.shopId, selling_days: 28, units: 999, squares: 0, sale_days: 28 },
    patch: { units: 999 },
  }),
  sales_stats_days: (v) => ({ filter: `shop_id=eq.${v.shopId}`, insert: { shop_id: v.shopId, as_of: '2099-01-01' }, patch: { as_of: '2099-01-01' } }),
  count_sessions: (v) => ({
    filter: `id=eq.${v.sessionId}`,
    insert: { shop_id: v.shopId },
    patch: { coverage: 'all' },
  }),
  count_photos: (v) => ({
    filter: `id=eq.${v.photoId}`,
    insert: { session_id: v.sessionId, shop_id: v.shopId, side: 'end', storage_path: `${v.shopId}/${v.sessionId}/end-${randomUUID().slice(0, 8)}.png`, taken_at: new Date().toISOString() },
    patch: { status: 'pending', error: 'hijacked', counted_on: 'device', kept_on_device: true },
  }),
  count_edits: (v) => ({
    filter: `session_id=eq.${v.sessionId}`,
    insert: { session_id: v.sessionId, shop_id: v.shopId, product_id: v.breadId, end_count: 0 },
    patch: { end_count: 99 },
  }),
  count_lines: (v) => ({
    filter: `photo_id=eq.${v.photoId}`,
    insert: { photo_id: v.photoId, session_id: v.sessionId, shop_id: v.shopId, product_id: v.breadId, count: 99, confidence: 1, analyser: 'barcode' },
    patch: { count: 0 },
  }),
  count_unmatched: (v) => ({
    filter: `id=eq.${v.unmatchedId}`,
    insert: { photo_id: v.photoId, session_id: v.sessionId, shop_id: v.shopId, label: 'planted', count: 1 },
    patch: { label: 'hijacked' },
  }),
  count_photo_removals: (v) => ({
    filter: `id=eq.${v.removalId}`,
    insert: { session_id: v.sessionId, shop_id: v.shopId, photos: [], lines: [], unmatched: [], paths: [] },
    patch: { paths: [] },
  }),
  count_results: (v) => ({
    filter: `session_id=eq.${v.confirmedSessionId}`,
    insert: { session_id: v.sessionId, shop_id: v.shopId, product_id: v.productId, start_count: 1, end_count: 1, received: 0, sold: 0, qty_before: 1, qty_after: 1 },
    patch: { qty_after: 0 },
  }),
  suppliers: (v) => ({ filter: `id=eq.${v.supplierId}`, insert: { shop_id: v.shopId, name: 'Planted Ltd' }, patch: { email: 'thief@example.com' } }),
  product_suppliers: (v) => ({
    filter: `product_id=eq.${v.productId}`,
    insert: { product_id: v.breadId, supplier_id: v.supplierId, shop_id: v.shopId, pack_size: 6 },
    patch: { unit_cost: 0, preferred: false },
  }),
  purchase_orders: (v) => ({
    filter: `id=eq.${v.purchaseOrderId}`,
    insert: { shop_id: v.shopId, supplier_id: v.supplierId, number: 99 },
    patch: { notes: 'Hijacked' },
  }),
  report_feeds: (v) => ({
    filter: `shop_id=eq.${v.shopId}`,
    insert: { shop_id: v.shopId, token_hash: 'a'.repeat(64) },
    patch: { token_hash: 'b'.repeat(64) },
  }),
  report_recipients: (v) => ({
    filter: `id=eq.${v.recipientId}`,
    insert: { shop_id: v.shopId, channel: 'email', address: 'spam@example.com', confirmed_at: '2026-01-01T00:00:00Z' },
    patch: { confirmed_at: '2026-01-01T00:00:00Z', address: 'spam@example.com' },
  }),
  deliveries: (v) => ({
    filter: `shop_id=eq.${v.shopId}`,
    insert: { shop_id: v.shopId, kind: 'test_report', local_date: '2026-01-01', channel: 'email', recipient: 'spam@example.com' },
    patch: { status: 'sent', recipient: 'spam@example.com' },
  }),
  purchase_order_lines: (v) => ({
    filter: `id=eq.${v.purchaseOrderLineId}`,
    insert: { purchase_order_id: v.purchaseOrderId, shop_id: v.shopId, product_id: v.breadId, packs: 50 },
    patch: { packs: 999 },
  }),
}

export const rpcAttacks: Record<string, (victim: Tenant) => Json> = {
  aal_ok: () => ({}),
  my_memberships: () => ({}),
  my_shops: () => ({}),
  member_shops: () => ({ p_roles: ['owner', 'manager', 'staff'] }),
  my_shop_ids: () => ({}),
  current_shop_id: () => ({}),
  owned_shop_id: () => ({}),
  report_people: (v) => ({ p_shop_id: v.shopId, p_start: '2020-01-01T00:00:00Z', p_end: '2030-01-01T00:00:00Z' }),
  shop_team: () => ({}),
  invite_member: () => ({ p_email: 'planted@example.com', p_role: 'manager' }),
  revoke_invite: (v) => ({ p_id: v.inviteId }),
  my_invites: () => ({}),
  // renames the caller alone, in their own shops
  sync_my_name: () => ({}),
  accept_invite: (v) => ({ p_id: v.inviteId }),
  lock_team_member: (v) => ({ p_user_id: v.staff.id }),
  check_team_member: (v) => ({ p_user_id: v.staff.id }),
  set_member_role: (v) => ({ p_user_id: v.staff.id, p_role: 'manager' }),
  remove_member: (v) => ({ p_user_id: v.staff.id }),
  hand_over_shop: (v) => ({ p_user_id: v.staff.id }),
  adjust_stock: (v) => ({ p_product_id: v.productId, p_delta: -5, p_reason: 'sold' }),
  backend_health: () => ({}),
  confirm_whatsapp_code: (v) => ({ p_id: v.recipientId, p_code: '000000' }),
  record_opt_in_message: (v) => ({ p_id: v.recipientId, p_message_id: 'wamid.planted' }),
  set_stock: (v) => ({ p_product_id: v.productId, p_qty: 0 }),
  catalogue: () => ({}),
  dashboard: () => ({}),
  undo_stock_change: (v) => ({ p_product_id: v.productId, p_request_id: randomUUID() }),
  undo_request_id: () => ({ p_request_id: randomUUID() }),
  product_code_twins: (v) => ({ p_product_id: v.productId }),
  import_products: () => ({ p_rows: [{ sku: 'MILK', name: 'Hijacked', qty: 0 }], p_request_id: randomUUID() }),
  open_count_session: () => ({}),
  add_count_photo: (v) => ({ p_session_id: v.sessionId, p_side: 'end', p_storage_path: `${v.shopId}/${v.sessionId}/end-planted.png` }),
  set_count_side_time: (v) => ({ p_session_id: v.sessionId, p_side: 'start', p_local_time: '2020-01-01T00:00:00' }),
  claim_count_photo: (v) => ({ p_session_id: v.sessionId }),
  replace_count_photo: (v) => ({ p_photo_id: v.photoId, p_session_id: v.sessionId, p_side: 'start', p_storage_path: `${v.shopId}/${v.sessionId}/start-planted.png` }),
  remove_count_photos: (v) => ({ p_session_id: v.sessionId, p_photo_ids: [v.photoId] }),
  restore_count_photos: (v) => ({ p_removal_id: v.removalId }),
  expire_count_session: (v) => ({ p_session_id: v.sessionId }),
  count_session_plan: (v) => ({ p_session_id: v.sessionId }),
  count_session_lines: (v) => ({ p_session_id: v.confirmedSessionId }),
  count_session_review: (v) => ({ p_session_id: v.sessionId }),
  count_session_ready: (v) => ({ p_session_id: v.sessionId }),
  confirm_count_session: (v) => ({ p_session_id: v.sessionId, p_version: v.version }),
  dashboard_summary: () => ({}),
  dashboard_day_report: () => ({}),
  shop_today: () => ({}),
  shop_report: () => ({ p_from: '2020-01-01', p_to: '2030-12-31' }),
  shop_report_of: (v) => ({ p_shop_id: v.shopId, p_range: '30d' }),
  rotate_report_feed: () => ({}),
  report_figures: (v) => ({ p_shop_id: v.shopId, p_start: '2020-01-01T00:00:00Z', p_end: '2030-01-01T00:00:00Z' }),
  seed_my_demo_shop: () => ({}),
  reorder_inputs: () => ({}),
  units_on_order: () => ({}),
  reorder_inputs_of: (v) => ({ p_shop_id: v.shopId }),
  fresh_sales_stats: (v) => ({ p_shop_id: v.shopId }),
  sees_costs: (v) => ({ p_shop_id: v.shopId }),
  corrects_counts: (v) => ({ p_shop_id: v.shopId }),
  shop_files: () => ({}),
  add_report_recipient: () => ({ p_channel: 'email', p_address: 'attacker-friend@example.com' }),
  resend_recipient_confirmation: (v) => ({ p_id: v.recipientId }),
  queue_test_report: () => ({}),
  report_day: () => ({ p_on: '2026-11-23', p_time: '19:00' }),
  report_due_at: () => ({ p_day: '2026-11-23', p_time: '19:00', p_tz: 'UTC' }),
  next_report_due: () => ({ p_last_day: null, p_time: '19:00', p_tz: 'UTC', p_now: '2026-11-23T00:00:00Z' }),
  link_product_supplier: (v) => ({ p_product_id: v.productId, p_supplier_id: v.supplierId, p_pack_size: 1, p_preferred: true }),
  create_purchase_order: (v) => ({ p_supplier_id: v.supplierId, p_lines: [{ product_id: v.productId, packs: 1 }] }),
  order_suggestions: (v) => ({ p_supplier_id: v.supplierId, p_lines: [{ product_id: v.productId, packs: 1 }], p_request_id: randomUUID() }),
  set_purchase_order_status: (v) => ({ p_purchase_order_id: v.purchaseOrderId, p_status: 'cancelled' }),
  update_purchase_order_draft: (v) => ({ p_purchase_order_id: v.purchaseOrderId, p_lines: [{ id: v.purchaseOrderLineId, packs: 99 }] }),
  receive_purchase_order: (v) => ({
    p_purchase_order_id: v.purchaseOrderId,
    p_lines: [{ line_id: v.purchaseOrderLineId, units: 100, received_before: 0 }],
    p_allow_over: true,
  }),
}

// Tables whose `select=*` every member is refused (a column kept from them): read what they may read.
export const READ_COLUMNS: Record<string, string> = {
  products: 'id,shop_id,name,qty',
  report_feeds: 'shop_id,created_at',
  report_recipients: 'id,shop_id,channel,address,confirmed_at',
}

export const bucketAttacks: Record<string, (victim: Tenant) => { victimPath: string; plantPath: string }> = {
  'product-images': (v) => ({ victimPath: v.imagePath, plantPath: `${v.shopId}/planted.png` }),
  'stock-photos': (v) => ({ victimPath: v.photoPath, plantPath: `${v.shopId}/${v.sessionId}/planted.png` }),
}
