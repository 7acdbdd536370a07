// A shop with a row in every table and a file in every bucket, its owner, a manager and a staff
// member (each joined by invitation, with their own token); the raw HTTP calls the policy sweeps
// make; and a snapshot of everything a shop holds, to show a refused call changed nothing.
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { signUpUser, type TestUser } from './stack-fixture.ts'

export type Json = Record<string, unknown>

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

/** The product's cost and its supplier's price: figures no other number in the shop has. */
export const COST = 7.31
export const SUPPLIER_COST = 6.17

export interface Tenant {
  /** the owner */
  user: TestUser
  manager: TestUser
  staff: TestUser
  shopId: string
  productId: string
  /** a second product, on no order, in no stocktake and linked to no supplier */
  breadId: string
  movementId: string
  imagePath: string
  /** an open stocktake with one photo, a count line and an unmatched code */
  sessionId: string
  photoId: string
  photoPath: string
  unmatchedId: string
  /** a photo removed from it, kept for Undo */
  removalId: string
  /** a confirmed stocktake, with its count results */
  confirmedSessionId: string
  /** the open stocktake's review version */
  version: string
  supplierId: string
  /** a draft order with one line */
  purchaseOrderId: string
  purchaseOrderLineId: string
  /** an email recipient waiting for confirmation; a queued test report */
  recipientId: string
  /** an open invitation */
  inviteId: string
}

async function upload(user: TestUser, bucket: string, path: string) {
  const { error } = await user.client.storage.from(bucket).upload(path, new Blob([PNG], { type: 'image/png' }))
  if (error) throw error
}

/** A photo of the stocktake, uploaded and added by `user`, counted: `count` of the product on it. */
export async function addCountedPhoto(user: TestUser, at: { shopId: string; sessionId: string; productId: string }, side: 'start' | 'end', path: string, count: number) {
  await upload(user, 'stock-photos', path)
  const { data: photo } = await user.client
    .rpc('add_count_photo', { p_session_id: at.sessionId, p_side: side, p_storage_path: path, p_width: 1, p_height: 1 })
    .single<{ id: string }>()
    .throwOnError()
  await user.client.from('count_photos').update({ status: 'analysed', codes_found: 1 }).eq('id', photo.id).throwOnError()
  await user.client
    .from('count_lines')
    .insert({ session_id: at.sessionId, shop_id: at.shopId, photo_id: photo.id, product_id: at.productId, count, confidence: 1, analyser: 'barcode' })
    .throwOnError()
  return photo.id
}

/** An open stocktake by the owner: a start and an end photo counted, a second start photo removed. */
async function stocktake(user: TestUser, shopId: string, productId: string) {
  const { data: session } = await user.client.rpc('open_count_session').single<{ id: string }>().throwOnError()
  const add = async (side: 'start' | 'end', shelf = 1) => {
    const path = `${shopId}/${session.id}/${side}-${shelf}.png`
    return { photoId: await addCountedPhoto(user, { shopId, sessionId: session.id, productId }, side, path, 7), photoPath: path }
  }
  const start = await add('start')
  // A second shelf, removed: kept for Undo (its row in count_photo_removals, its file in the folder).
  const { photoId: removedId } = await add('start', 2)
  const { data: removal } = await user.client
    .rpc('remove_count_photos', { p_session_id: session.id, p_photo_ids: [removedId] })
    .single<{ id: string }>()
    .throwOnError()
  await add('end')
  const ids = { session_id: session.id, shop_id: shopId, photo_id: start.photoId }
  const { data: unmatched } = await user.client.from('count_unmatched').insert({ ...ids, label: '123', count: 1 }).select().single().throwOnError()
  await user.client.from('count_edits').insert({ session_id: session.id, shop_id: shopId, product_id: productId, start_count: 7 }).throwOnError()
  const { data: review } = await user.client.rpc('count_session_review', { p_session_id: session.id }).throwOnError()
  return { sessionId: session.id, ...start, unmatchedId: unmatched.id as string, removalId: removal.id, version: (review as { version: string }).version }
}

/** `member` invited by `owner` as `role`, and joined. */
async function join(owner: TestUser, member: TestUser, role: 'manager' | 'staff') {
  const { data: id } = await owner.client.rpc('invite_member', { p_email: member.email, p_role: role }).throwOnError()
  await member.client.rpc('accept_invite', { p_id: id }).throwOnError()
}

export async function makeTenant(stack: Stack, name: string): Promise<Tenant> {
  const user = await signUpUser(stack)
  const { data: shop } = await user.client.from('shops').insert({ name, timezone: 'Europe/London' }).select().single().throwOnError()
  const { data: products } = await user.client
    .from('products')
    .insert([
      { shop_id: shop.id, name: 'Milk', sku: 'MILK', barcode: '5000000000017', qty: 5, unit_cost: COST, unit_price: 1.2 },
      { shop_id: shop.id, name: 'Bread', sku: 'BREAD', barcode: null, qty: 0, unit_cost: null, unit_price: 1.5 },
    ])
    .select('id, sku')
    .throwOnError()
  const productId = products.find((p) => p.sku === 'MILK')!.id as string
  const { data: movement } = await user.client.rpc('adjust_stock', { p_product_id: productId, p_delta: 2, p_reason: 'received' }).throwOnError()
  const imagePath = `${shop.id}/milk.png`
  await upload(user, 'product-images', imagePath)
  const confirmed = await stocktake(user, shop.id, productId)
  await user.client.rpc('confirm_count_session', { p_session_id: confirmed.sessionId, p_version: confirmed.version }).throwOnError()
  const open = await stocktake(user, shop.id, productId)
  const { data: supplier } = await user.client.from('suppliers').insert({ shop_id: shop.id, name: 'Dairy Direct' }).select().single().throwOnError()
  await user.client
    .from('product_suppliers')
    .insert({ product_id: productId, supplier_id: supplier.id, shop_id: shop.id, pack_size: 12, unit_cost: SUPPLIER_COST, preferred: true })
    .throwOnError()
  const { data: order } = await user.client
    .rpc('create_purchase_order', { p_supplier_id: supplier.id, p_lines: [{ product_id: productId, packs: 2 }] })
    .single<{ id: string }>()
    .throwOnError()
  const { data: line } = await user.client.from('purchase_order_lines').select('id').eq('purchase_order_id', order.id).single().throwOnError()
  await user.client.rpc('rotate_report_feed').throwOnError()
  const { data: recipient } = await user.client
    .rpc('add_report_recipient', { p_channel: 'email', p_address: `friend-of-${user.email}` })
    .single<{ id: string }>()
    .throwOnError()
  await user.client.rpc('queue_test_report').throwOnError()
  // the day's sales figures, as the first dashboard load works them out
  await user.client.rpc('fresh_sales_stats', { p_shop_id: shop.id }).throwOnError()
  const [staff, manager] = [await signUpUser(stack), await signUpUser(stack)]
  await join(user, staff, 'staff')
  await join(user, manager, 'manager')
  const { data: inviteId } = await user.client.rpc('invite_member', { p_email: `invited-${staff.email}`, p_role: 'staff' }).throwOnError()
  return {
    user,
    manager,
    staff,
    inviteId,
    shopId: shop.id,
    productId,
    breadId: products.find((p) => p.sku === 'BREAD')!.id as string,
    movementId: (movement as Json).id as string,
    imagePath,
    ...open,
    confirmedSessionId: confirmed.sessionId,
    supplierId: supplier.id as string,
    purchaseOrderId: order.id,
    purchaseOrderLineId: line.id as string,
    recipientId: recipient.id,
  }
}

/** A raw request to the stack's API with the publishable key, as `token` (or anonymous). */
export function rawApi(stack: Stack) {
  return async (token: string | null, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { apikey: PUBLISHABLE_KEY, 'content-type': 'application/json', prefer: 'return=representation' }
    if (token) headers.authorization = `Bearer ${token}`
    const res = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await res.text()
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = text
    }
    return { status: res.status, json }
  }
}

/** Everything a shop holds, table by table, and its files, read as superuser in one query. */
export async function shopSnapshot(stack: Stack, tables: string[], shopId: string): Promise<Json> {
  const parts = tables.map((table) => {
    const column = table === 'shops' ? 'id' : 'shop_id'
    return `select '${table}', (select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]') from public.${table} t where ${column} = $1::uuid)`
  })
  parts.push(
    `select 'storage.objects', (select coalesce(jsonb_agg(jsonb_build_array(bucket_id, name, metadata->>'eTag') order by bucket_id, name), '[]')
                                  from storage.objects where name like $1::text || '/%')`,
  )
  const { rows } = await stack.db.query<{ snapshot: Json }>(
    `select jsonb_object_agg(name, rows) as snapshot from (${parts.join(' union all ')}) as s(name, rows)`,
    [shopId],
  )
  return rows[0]!.snapshot
}
