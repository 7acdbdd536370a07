import 'server-only'
import { callFailure } from '@/lib/supabase/deadline-fetch'

/**
 * PostgREST answers at most max_rows rows per request and says nothing of the rest (1,000 on
 * hosted Supabase and in supabase/config.toml; keep them equal to this). A list that can be longer
 * is read a page at a time, and the query must order by a unique key, or pages overlap.
 */
export const MAX_ROWS = 1000

interface Page<T> {
  data: T[] | null
  error: { message: string } | null
}

/** Every row of the query `page(from, to)` builds for one range, in its order. */
export async function allRows<T>(page: (from: number, to: number) => PromiseLike<Page<T>>): Promise<T[]> {
  const rows: T[] = []
  for (let from = 0; ; from += MAX_ROWS) {
    const { data, error } = await page(from, from + MAX_ROWS - 1)
    if (error) throw callFailure(error)
    rows.push(...(data ?? []))
    if ((data?.length ?? 0) < MAX_ROWS) return rows
  }
}
