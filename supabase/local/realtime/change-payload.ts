// The `data` of a postgres_changes message, as Realtime's apply_rls builds it for one role
// (tenants/repo/migrations/20260709120000_fix_apply_rls_filter_role_leak.ex) and its
// ReplicationPoller encodes it: columns and values the role may select, the old row as the
// table's replica identity keeps it, only the primary key of a row deleted from a table with RLS.

export interface TableColumn {
  name: string
  /** pg_type.typname, as Realtime sends it: int4, uuid, timestamptz, … */
  type: string
  /** format_type(): what SQL casts to */
  sqlType: string
  pk: boolean
  /** part of the replica identity index, for REPLICA IDENTITY USING INDEX */
  replident: boolean
  /** of the roles asked about, those with SELECT on it */
  readers: string[]
}

export interface TableMeta {
  entity: number
  schema: string
  table: string
  rls: boolean
  /** pg_class.relreplident: d(efault, the primary key), f(ull), i(ndex), n(othing) */
  identity: 'd' | 'f' | 'i' | 'n'
  columns: TableColumn[]
  /** per role: whether it bypasses RLS, and the USING of the SELECT policies that apply to it */
  policies: Record<string, { bypass: boolean; permissive: string[]; restrictive: string[] }>
}

export type Action = 'INSERT' | 'UPDATE' | 'DELETE'

export interface CapturedChange {
  id: number
  entity: number
  action: Action
  record: Record<string, unknown> | null
  oldRecord: Record<string, unknown> | null
  commitTimestamp: string
}

const MAX_RECORD_BYTES = 1024 * 1024

/** The old row as WAL would carry it: nothing more than the replica identity. */
export function identityOf(meta: TableMeta, old: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!old || meta.identity === 'n') return null
  if (meta.identity === 'f') return old
  const kept = meta.columns.filter((c) => (meta.identity === 'i' ? c.replident : c.pk))
  return kept.length === 0 ? null : Object.fromEntries(kept.map((c) => [c.name, old[c.name]]))
}

/** The 400/401 Realtime sends a role instead of a row, or null when the role may be sent rows. */
export function refusal(meta: TableMeta, action: Action, role: string): string | null {
  if (action === 'DELETE') return null
  const pk = meta.columns.filter((c) => c.pk)
  if (pk.length === 0) return 'Error 400: Bad Request, no primary key'
  return pk.every((c) => c.readers.includes(role)) ? null : 'Error 401: Unauthorized'
}

export function errorPayload(meta: TableMeta, action: Action, error: string): Record<string, unknown> {
  return { columns: null, commit_timestamp: null, errors: [error], record: null, schema: meta.schema, table: meta.table, type: action }
}

export function changePayload(meta: TableMeta, change: CapturedChange, role: string, select: string[] | null): Record<string, unknown> {
  const sent = meta.columns.filter((c) => c.readers.includes(role) && (select === null || select.includes(c.name) || c.pk))
  const tooBig = Buffer.byteLength(JSON.stringify([change.record, change.oldRecord])) > MAX_RECORD_BYTES
  const pick = (row: Record<string, unknown> | null, columns: TableColumn[]) => {
    if (!row) return null
    const entries = columns
      .filter((c) => c.name in row)
      .map((c) => [c.name, row[c.name]] as const)
      .filter(([, value]) => !tooBig || Buffer.byteLength(JSON.stringify(value ?? null)) <= 64)
    return entries.length === 0 ? null : Object.fromEntries(entries)
  }
  const data: Record<string, unknown> = {
    columns: sent.map((c) => ({ name: c.name, type: c.type })),
    commit_timestamp: change.commitTimestamp,
    errors: tooBig ? ['Error 413: Payload Too Large'] : null,
    schema: meta.schema,
    table: meta.table,
    type: change.action,
  }
  if (change.action !== 'DELETE') data.record = pick(change.record, sent) ?? {}
  if (change.action !== 'INSERT') {
    const identity = identityOf(meta, change.oldRecord)
    data.old_record = pick(identity, change.action === 'DELETE' && meta.rls ? sent.filter((c) => c.pk) : sent)
  }
  return data
}
