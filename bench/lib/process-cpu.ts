// CPU time spent by the processes behind a page, read from Linux's /proc: the
// app server (`next start`), PostgreSQL's backends when the bench runs on one,
// and the bench's own process (the stack, PGlite when in memory, and the load
// client). Where a saturated machine's time goes per view, beside the latency.
import { existsSync, readdirSync, readFileSync } from 'node:fs'

export interface CpuSample {
  next: number
  postgres: number
  bench: number
}

// USER_HZ: what /proc counts CPU time in; 100 on every Linux the bench runs on.
const TICK_MS = 10

/** utime + stime of a /proc/<pid>/stat line; the command name may hold spaces, so fields count from its ')'. */
function cpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null // the process ended between the listing and the read
  }
}

/** Null where /proc is not there (not Linux). */
export function sampleCpu(): CpuSample | null {
  if (!existsSync('/proc/self/stat')) return null
  const sample: CpuSample = { next: 0, postgres: 0, bench: 0 }
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    const comm = read(`/proc/${pid}/comm`)?.trim()
    const stat = read(`/proc/${pid}/stat`)
    if (!comm || !stat) continue
    if (comm === 'postgres') sample.postgres += cpuMs(stat)
    else if (comm.startsWith('next-server') || read(`/proc/${pid}/cmdline`)?.includes('next/dist/bin/next\0start')) sample.next += cpuMs(stat)
  }
  const own = process.cpuUsage()
  sample.bench = (own.user + own.system) / 1000
  return sample
}

export const cpuSince = (start: CpuSample | null, end: CpuSample | null): CpuSample | null =>
  start && end ? { next: end.next - start.next, postgres: end.postgres - start.postgres, bench: end.bench - start.bench } : null
