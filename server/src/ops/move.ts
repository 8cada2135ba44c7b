import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { appliedMigrations, migrationTexts, OpsError, writeMigrationFolder } from './migrations.ts';
import {
  addForeignKeys,
  allStats,
  compareStats,
  dropForeignKeys,
  emptyTables,
  exportRows,
  importRows,
  listTables,
  readSequences,
  schemaObjects,
  writeSequences,
  type TableStats,
} from './tables.ts';

export interface MoveResult {
  tables: Record<string, TableStats>;
  rows: number;
}

/** Refuse a target database that holds anything (checked again inside the move). */
export async function assertEmptyTarget(target: Database): Promise<void> {
  const objects = await schemaObjects(target.db);
  if (objects.length) {
    throw new OpsError(
      `Refusing to move: the target database is not empty (${objects.length} tables or sequences, e.g. ${objects.slice(0, 3).join(', ')}). Create an empty database (createdb framecraft) and pass its URL — nothing was changed.`,
    );
  }
}

/**
 * Copy the embedded database into an empty PostgreSQL database (decision 047): the same
 * migration files the source applied run there first, then every table's rows in batches (foreign
 * keys dropped meanwhile and added back, which checks them), the sequences are set, and the row
 * counts and money totals of every table are compared with the source's — all in one transaction
 * on the target, so a failed move leaves it empty.
 */
export async function moveDatabase(source: Database, target: Database, log: (line: string) => void = () => {}): Promise<MoveResult> {
  await assertEmptyTarget(target);
  const folder = mkdtempSync(join(tmpdir(), 'framecraft-move-'));
  try {
    return await source.db.transaction(async (stx) => {
      await stx.execute(sql.raw('set transaction isolation level repeatable read, read only'));
      const migrations = await appliedMigrations(stx as Db);
      writeMigrationFolder(folder, migrationTexts(migrations));
      const tables = await listTables(stx as Db);
      const expected = await allStats(stx as Db, tables);
      const sequences = await readSequences(stx as Db);
      return target.db.transaction(async (ttx) => {
        await migrate(ttx as Db, folder);
        log(`target: ${migrations.length} migrations applied`);
        const targetTables = new Map((await listTables(ttx as Db)).map((t) => [t.name, t]));
        for (const table of tables) if (!targetTables.has(table.name)) throw new OpsError(`Table ${table.name} is not made by the migrations on the target`);
        await emptyTables(ttx as Db, [...targetTables.values()]);
        const keys = await dropForeignKeys(ttx as Db);
        let rows = 0;
        for (const table of tables) {
          let copied = 0;
          for await (const batch of exportRows(stx as Db, table, 2000)) {
            await importRows(ttx as Db, targetTables.get(table.name)!, batch);
            copied += batch.length;
          }
          rows += copied;
          if (copied) log(`  ${table.name}: ${copied} rows`);
        }
        await addForeignKeys(ttx as Db, keys);
        await writeSequences(ttx as Db, sequences);
        const problems = compareStats(expected, await allStats(ttx as Db, [...targetTables.values()]));
        if (problems.length) throw new OpsError(`The copy differs from the source, nothing was kept: ${problems.join('; ')}`);
        log(`verified: ${tables.length} tables, ${rows} rows, row counts and money totals equal`);
        return { tables: expected, rows };
      });
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
