import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Database } from './database.ts'

const schemaFile = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
/** Supabase's part of the database, then the stack's capture of changes for Realtime. */
export const baseSchema = `${schemaFile('base-schema.sql')}\n${schemaFile('realtime-schema.sql')}`

export interface MigrateOptions {
  migrationsDir: string
  seedFile?: string
}

export interface MigrateResult {
  applied: string[]
  fresh: boolean
  seeded: boolean
}

/** The `<version>_<name>.sql` files of a migrations folder, in the order they apply. */
export function migrationFiles(migrationsDir: string): string[] {
  return existsSync(migrationsDir)
    ? readdirSync(migrationsDir)
        .filter((f) => /^\d+_.*\.sql$/.test(f))
        .sort()
    : []
}

/**
 * Each `<version>_<name>.sql` of the folder not yet recorded, in order, each in its own
 * transaction with its row in `supabase_migrations.schema_migrations` (as `supabase db push`
 * records them). Returns the files it applied.
 */
export async function applyMigrations(db: Pick<Database, 'exec' | 'query'>, migrationsDir: string): Promise<string[]> {
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  )
  const applied: string[] = []
  for (const file of migrationFiles(migrationsDir)) {
    const [, version, name] = /^(\d+)_(.*)\.sql$/.exec(file)!
    if (done.has(version!)) continue
    const sql = readFileSync(join(migrationsDir, file), 'utf8')
    const record = `insert into supabase_migrations.schema_migrations (version, name) values ('${version}', '${name!.replaceAll("'", "''")}');`
    try {
      await db.exec(`begin;\n${sql}\n;\n${record}\ncommit;`)
    } catch (error) {
      await db.exec('rollback').catch(() => {})
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error })
    }
    applied.push(file)
  }
  return applied
}

/**
 * Base schema, then each `<version>_<name>.sql` once (tracked where the Supabase
 * CLI tracks them), then the seed on a database that had no migrations yet.
 */
export async function migrate(db: Database, options: MigrateOptions): Promise<MigrateResult> {
  await db.exec(baseSchema)
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations')
  const fresh = rows[0]!.n === 0
  const applied = await applyMigrations(db, options.migrationsDir)
  let seeded = false
  if (fresh && options.seedFile && existsSync(options.seedFile)) {
    await db.exec(readFileSync(options.seedFile, 'utf8'))
    seeded = true
  }
  return { applied, fresh, seeded }
}
