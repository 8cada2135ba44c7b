import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../shared/paths.ts';
import { rowsOf, type Db } from './client.ts';

/**
 * Committed SQL lives in server/migrations as `NNNN_name.sql`, applied in file-name order.
 * Each file is written from the module's Drizzle tables (`npx drizzle-kit export` prints the SQL
 * of the whole schema); statements are separated by `--> statement-breakpoint`. Numbered files
 * rather than drizzle-kit's journal let features be built side by side without a shared
 * snapshot chain (decision 005).
 */
export const migrationsFolder = join(serverRoot, 'migrations');

const LOCK_KEY = 72_310_001;

export interface MigrationFile {
  name: string;
  order: number;
  hash: string;
  statements: string[];
}

export function readMigrations(folder = migrationsFolder): MigrationFile[] {
  return readdirSync(folder)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => {
      const text = readFileSync(join(folder, name), 'utf8');
      return {
        name,
        order: Number(name.slice(0, 4)),
        // Same hash as drizzle's migrator, so folders migrated before this reader keep their record.
        hash: createHash('sha256').update(text).digest('hex'),
        statements: text.split('--> statement-breakpoint'),
      };
    });
}

/**
 * Apply pending migrations in one transaction, under an advisory lock so that
 * several instances starting together do not race.
 */
export async function migrate(db: Db, folder = migrationsFolder): Promise<number> {
  const migrations = readMigrations(folder);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(sql`create table if not exists "_migrations" (
      hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`);
    const applied = new Set(
      (await rowsOf<{ hash: string }>(tx.execute(sql`select hash from "_migrations"`))).map((r) => r.hash),
    );
    let count = 0;
    for (const migration of migrations) {
      if (applied.has(migration.hash)) continue;
      for (const statement of migration.statements) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into "_migrations" (hash, created_at) values (${migration.hash}, ${migration.order})`);
      count++;
    }
    return count;
  });
}
