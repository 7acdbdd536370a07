import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { baseSchema, migrate, migrationFiles, type MigrateResult } from './migrate.ts'
import { openPglite, type PgliteDatabase } from './pglite-db.ts'

const PREFIX = 'shelfsnap-pglite-template-'
const STALE_MS = 60 * 60 * 1000
// The package does not export its package.json: read it beside its entry point (dist/).
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
const pgliteVersion = (JSON.parse(readFileSync(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8')) as { version: string }).version

/** The cache file for these migrations: its name says what it was made from, so a changed migration makes a new one. */
export function templateFile(migrationsDir: string): string {
  const hash = createHash('sha256').update(pgliteVersion).update(baseSchema)
  for (const file of migrationFiles(migrationsDir)) hash.update(file).update(readFileSync(join(migrationsDir, file)))
  return join(tmpdir(), `${PREFIX}${hash.digest('hex').slice(0, 16)}.tar`)
}

function readIfThere(file: string): Uint8Array | null {
  try {
    return readFileSync(file)
  } catch {
    return null
  }
}

/**
 * A fresh in-memory PGlite with every migration applied and no seed. A memory:// PGlite runs
 * initdb on each start (about 3 s); the migrated data directory, cached once in the system's
 * temp folder, loads in about 1 s. Tests and benches start dozens of these.
 */
export async function openMigratedMemoryPglite(migrationsDir: string): Promise<{ db: PgliteDatabase; migrations: MigrateResult }> {
  const file = templateFile(migrationsDir)
  const cached = readIfThere(file)
  if (cached) {
    let db: PgliteDatabase | undefined
    try {
      db = await openPglite(undefined, cached)
      // Applies nothing on a good copy; the versions it already holds are this stack's migrations.
      await migrate(db, { migrationsDir })
      return { db, migrations: { applied: migrationFiles(migrationsDir), fresh: true, seeded: false } }
    } catch {
      // A damaged copy (a full disk, say): made again below.
      await db?.close().catch(() => {})
      rmSync(file, { force: true })
    }
  }
  const db = await openPglite()
  const migrations = await migrate(db, { migrationsDir })
  // Written aside and renamed: a test file starting at the same moment never reads half a file.
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, await db.dump())
  renameSync(partial, file)
  // Copies for migrations changed since: gone once nothing can be starting from them.
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(PREFIX))) {
    const old = join(tmpdir(), name)
    const madeAt = statSync(old, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
    if (old !== file && madeAt < Date.now() - STALE_MS) rmSync(old, { force: true })
  }
  return { db, migrations }
}
