import { sql } from 'drizzle-orm';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { adminUrl, withDatabase } from '../pg-url.ts';
import { baseEnv, startServer } from './process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fc-migration-refused-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A copy of the run's migrated template that the server process will open; returns its settings. */
async function migratedCopy(change: (database: Database) => Promise<unknown>): Promise<Record<string, string>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const folder = join(dataDir, 'pgdata');
    cpSync(inject('dbTemplate'), folder, { recursive: true });
    const database = await openDatabase({ pgliteDir: folder });
    await change(database);
    await database.close();
    return { DATA_DIR: dataDir };
  }
  const name = `fc_mr_${randomBytes(5).toString('hex')}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('dbTemplate')}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '' });
  await change(database);
  await database.close();
  return { DATA_DIR: dataDir, DATABASE_URL: withDatabase(url, name) };
}

describe('a migration changed after it was applied', () => {
  it('stops the server process with one line naming the file (decision 022)', async () => {
    // As if 0002_accounts.sql had been edited since this database applied it.
    const settings = await migratedCopy((database) =>
      database.db.execute(sql`update "_migrations" set hash = 'edited-since' where name = '0002_accounts.sql'`),
    );
    const server = startServer('src/main.ts', baseEnv(settings));
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toBe(
      'Migration 0002_accounts.sql was changed after it was applied (its checksum differs): restore the committed file and put the change in a new numbered migration\n',
    );
    expect(server.stdout()).not.toContain('serving');
  });
});
