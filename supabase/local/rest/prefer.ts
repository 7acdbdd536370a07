export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
}

/**
 * supabase-js appends each preference, so one comma-joined header arrives.
 * Unknown or malformed preferences are ignored (PostgREST's lenient handling).
 * planned/estimated counts are served as exact ones.
 */
export function parsePrefer(header: string | string[] | undefined): Prefer {
  const out: Prefer = {}
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  for (const part of text.split(',')) {
    const [key, value] = part.trim().split('=', 2).map((s) => s.trim()) as [string, string | undefined]
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) {
      out.return = value
    } else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
      out.count = 'exact'
    } else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      out.resolution = value
    } else if (key === 'missing' && (value === 'default' || value === 'null')) {
      out.missing = value
    }
  }
  return out
}
