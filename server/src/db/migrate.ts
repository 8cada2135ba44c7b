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
 * snapshot chain (decision 005). Each applied file is recorded by name with the SHA-256 of its
 * text; a start with an applied file changed is refused (decision 022).
 */
export const migrationsFolder = join(serverRoot, 'migrations');

const LOCK_KEY = 72_310_001;

export interface MigrationFile {
  name: string;
  order: number;
  hash: string;
  statements: string[];
}

/** An applied migration file differs from what was applied: the operator must restore it. */
export class MigrationChangedError extends Error {
  override name = 'MigrationChangedError';
  constructor(readonly file: string) {
    super(
      `Migration ${file} was changed after it was applied (its checksum differs): restore the committed file and put the change in a new numbered migration`,
    );
  }
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
 * The first record kept only the hash (primary key). Give each row the name of the file with
 * that hash — the rows were written from the same file contents — or, for a file changed since,
 * the file of its number (`created_at`), which the checksum check then refuses.
 */
async function upgradeRecord(tx: Db, migrations: MigrationFile[]): Promise<void> {
  const columns = await rowsOf<{ column_name: string }>(
    tx.execute(sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = '_migrations'`),
  );
  if (columns.some((c) => c.column_name === 'name')) return;
  await tx.execute(sql`alter table "_migrations" add column name text`);
  for (const migration of migrations) {
    await tx.execute(sql`update "_migrations" set name = ${migration.name} where hash = ${migration.hash} and name is null`);
  }
  for (const migration of migrations) {
    await tx.execute(sql`update "_migrations" set name = ${migration.name}
      where name is null and created_at = ${migration.order}
        and not exists (select 1 from "_migrations" m where m.name = ${migration.name})`);
  }
  // A record of a file no longer in the folder keeps its hash as its name.
  await tx.execute(sql`update "_migrations" set name = 'unknown:' || hash where name is null`);
  await tx.execute(sql`alter table "_migrations" drop constraint "_migrations_pkey"`);
  await tx.execute(sql`alter table "_migrations" add primary key (name)`);
}

/**
 * Apply pending migrations in one transaction, under an advisory lock so that several instances
 * starting together do not race. A file that was never applied is applied whatever its number
 * (branches merged in any order); an applied file whose text changed stops the start
 * (`MigrationChangedError`). Returns how many files were applied.
 */
export async function migrate(db: Db, folder = migrationsFolder): Promise<number> {
  const migrations = readMigrations(folder);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(sql`create table if not exists "_migrations" (
      name text primary key, hash text not null, created_at bigint not null, applied_at timestamptz not null default now())`);
    await upgradeRecord(tx, migrations);
    const applied = new Map(
      (await rowsOf<{ name: string; hash: string }>(tx.execute(sql`select name, hash from "_migrations"`))).map((r) => [r.name, r.hash]),
    );
    for (const migration of migrations) {
      const hash = applied.get(migration.name);
      if (hash !== undefined && hash !== migration.hash) throw new MigrationChangedError(migration.name);
    }
    let count = 0;
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      // A renamed file (same text, no record under its new name) is not applied twice.
      const renamedFrom = [...applied].find(([name, hash]) => hash === migration.hash && !migrations.some((m) => m.name === name))?.[0];
      if (renamedFrom !== undefined) {
        await tx.execute(sql`update "_migrations" set name = ${migration.name} where name = ${renamedFrom}`);
        applied.delete(renamedFrom);
        continue;
      }
      for (const statement of migration.statements) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into "_migrations" (name, hash, created_at) values (${migration.name}, ${migration.hash}, ${migration.order})`);
      count++;
    }
    return count;
  });
}
