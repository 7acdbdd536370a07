// One `next build` per source. A build is stamped with a hash of the files that make it and the
// Supabase URL and key baked into its client bundle, and is reused while both still match. So
// `npm test` builds once: the fault tests build `.next` for the e2e stack's port when it is free,
// and the e2e run serves that build.
import { spawn, execFileSync, type StdioOptions } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Next's CLI, run with this Node (`next build`, `next start`) */
export const NEXT_BIN = 'node_modules/next/dist/bin/next'
const STAMP_FILE = 'shelfsnap-build.json'
// Files no build reads: tests, benches, CI and prose.
const NOT_BUILT = /^(e2e|bench|test|\.ci|docs)\/|^supabase\/local\/test\/|\.test\.tsx?$|\.md$/

/** A hash of every file (tracked or new, not ignored) a build can read; null outside a git checkout. */
export function sourceStamp(cwd = process.cwd()): string | null {
  let files: string[]
  try {
    files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\0')
      .filter((file) => file && !NOT_BUILT.test(file))
      .sort()
  } catch {
    return null
  }
  const hash = createHash('sha256')
  for (const file of files) {
    const path = join(cwd, file)
    // a deleted file the index still lists, or a link to a folder (an untracked node_modules link)
    if (!existsSync(path) || !statSync(path).isFile()) continue
    hash.update(file).update('\0').update(readFileSync(path)).update('\0')
  }
  return hash.digest('hex')
}

export interface BuildOptions {
  /** the environment `next build` runs with: NEXT_PUBLIC_* are baked in */
  env: NodeJS.ProcessEnv
  /** SHELFSNAP_DIST_DIR, `.next` unless set */
  distDir?: string
  stdio?: StdioOptions
  /** build even when the last build matches */
  force?: boolean
}

function stampFor(env: NodeJS.ProcessEnv, sources: string) {
  return JSON.stringify({ sources, supabaseUrl: env.NEXT_PUBLIC_SUPABASE_URL, key: env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY })
}

/** Builds the app unless the build in `distDir` was made from these sources for this Supabase URL. */
export async function buildApp({ env, distDir = '.next', stdio = 'inherit', force = false }: BuildOptions): Promise<'built' | 'reused'> {
  const sources = sourceStamp()
  const stampPath = join(distDir, STAMP_FILE)
  const stamp = sources && stampFor(env, sources)
  if (!force && stamp && existsSync(join(distDir, 'BUILD_ID')) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) {
    return 'reused'
  }
  // a build that fails halfway must not be taken for the last good one
  rmSync(stampPath, { force: true })
  // Types are `npm run typecheck`'s job (first in `npm test`): the build does not check them again.
  const build = spawn(process.execPath, [NEXT_BIN, 'build'], {
    env: { ...env, SHELFSNAP_DIST_DIR: distDir, SHELFSNAP_TYPES_CHECKED: '1' },
    stdio,
  })
  let output = ''
  build.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  build.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  const code = await new Promise<number | null>((done) => build.once('exit', done))
  if (code !== 0) throw new Error(`next build failed with code ${code}${output && `:\n${output}`}`)
  if (stamp) writeFileSync(stampPath, stamp)
  return 'built'
}
