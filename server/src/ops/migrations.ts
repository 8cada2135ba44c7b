import { sql } from 'drizzle-orm';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rowsOf, type Db } from '../db/client.ts';
import { migrationsFolder, readMigrations } from '../db/migrate.ts';

/** A migration file applied to a database, with its text (from this release's folder). */
export interface AppliedMigration {
  name: string;
  hash: string;
}

export class OpsError extends Error {
  override name = 'OpsError';
}

export async function appliedMigrations(db: Db): Promise<AppliedMigration[]> {
  return rowsOf<AppliedMigration>(db.execute(sql`select name, hash from "_migrations" order by name`));
}

/**
 * The texts of the files a database has applied, from this release's migrations folder. A file
 * applied but missing or different here means the database belongs to another release.
 */
export function migrationTexts(applied: AppliedMigration[], folder = migrationsFolder): Map<string, string> {
  const known = new Map(readMigrations(folder).map((m) => [m.name, m]));
  const texts = new Map<string, string>();
  for (const m of applied) {
    const file = known.get(m.name);
    if (!file) throw new OpsError(`The database has applied migration ${m.name}, which this release does not have: run the release that made it`);
    if (file.hash !== m.hash) throw new OpsError(`Migration ${m.name} differs from the one the database applied (checksum): restore the committed file`);
    texts.set(m.name, readFileSync(join(folder, m.name), 'utf8'));
  }
  return texts;
}

/**
 * Refuse migrations this release cannot continue from: a file it does not have (made by a newer
 * release) or a file of the same name with other text (the server would refuse to start).
 */
export function checkAgainstRelease(migrations: AppliedMigration[], folder = migrationsFolder): void {
  const known = new Map(readMigrations(folder).map((m) => [m.name, m.hash]));
  for (const m of migrations) {
    const hash = known.get(m.name);
    if (hash === undefined) throw new OpsError(`Migration ${m.name} of the source is unknown to this release (it was made by a newer Framecraft): upgrade first`);
    if (hash !== m.hash) throw new OpsError(`Migration ${m.name} of the source differs from this release's file (checksum)`);
  }
}

/** Write migration texts into a folder for `migrate(db, folder)`. */
export function writeMigrationFolder(folder: string, texts: Map<string, string>): string {
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of texts) writeFileSync(join(folder, name), text);
  return folder;
}
