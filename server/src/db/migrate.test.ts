import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, withDatabase } from '../../test/pg-url.ts';
import { openDatabase, rowsOf, type Database } from './client.ts';
import { migrate, MigrationChangedError, readMigrations } from './migrate.ts';

/** An empty database of its own (PGlite folder, or a new PostgreSQL database when DATABASE_URL is set). */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fc-migrate-'));
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteDir: join(dir, 'pgdata') });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `fc_mig_${randomBytes(5).toString('hex')}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '' });
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('migrations (decision 022)', () => {
  // One empty database for the file (a new PGlite takes seconds); each test drops what it made.
  let database: Database;
  let drop: () => Promise<void>;
  const folders: string[] = [];
  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
  });
  afterEach(async () => {
    await database.db.execute(sql`drop table if exists "_migrations", a, b, c`);
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function setUp() {
    const folder = mkdtempSync(join(tmpdir(), 'fc-migrations-'));
    folders.push(folder);
    const write = (name: string, text: string) => writeFileSync(join(folder, name), text);
    const record = () => rowsOf<{ name: string; hash: string }>(database.db.execute(sql`select name, hash from "_migrations" order by name`));
    return { folder, db: database.db, write, record };
  }

  it('records each applied file by name with its checksum and applies nothing twice', async () => {
    const { folder, db, write, record } = await setUp();
    write('0001_a.sql', 'create table a (id int);\n--> statement-breakpoint\ninsert into a values (1);');
    write('0003_c.sql', 'create table c (id int);');
    expect(await migrate(db, folder)).toBe(2);
    expect(await migrate(db, folder)).toBe(0);
    const files = readMigrations(folder);
    expect(await record()).toEqual(files.map((f) => ({ name: f.name, hash: f.hash })));
    // A file that was never applied is applied, even with a lower number than applied ones (branches merged late).
    write('0002_b.sql', 'create table b (id int);');
    expect(await migrate(db, folder)).toBe(1);
    expect((await record()).map((r) => r.name)).toEqual(['0001_a.sql', '0002_b.sql', '0003_c.sql']);
  });

  it('refuses to run when an applied file was changed, naming the file, and changes nothing', async () => {
    const { folder, db, write } = await setUp();
    write('0001_a.sql', 'create table a (id int);');
    await migrate(db, folder);
    write('0001_a.sql', 'create table a (id bigint);');
    write('0002_b.sql', 'create table b (id int);');
    const refused = migrate(db, folder);
    await expect(refused).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(refused).rejects.toThrow(/^Migration 0001_a\.sql was changed after it was applied/);
    const tables = await rowsOf<{ table_name: string }>(
      db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema() and table_name = 'b'`),
    );
    expect(tables).toEqual([]);
  });

  it('keeps the record of a database migrated when only hashes were kept', async () => {
    const { folder, db, write, record } = await setUp();
    write('0001_a.sql', 'create table a (id int);');
    write('0002_b.sql', 'create table b (id int);');
    const [a, b] = readMigrations(folder);
    // The first record's shape, with both files applied.
    await db.execute(sql`create table a (id int)`);
    await db.execute(sql`create table b (id int)`);
    await db.execute(sql`create table "_migrations" (hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`);
    await db.execute(sql`insert into "_migrations" (hash, created_at) values (${a!.hash}, 1), (${b!.hash}, 2)`);
    expect(await migrate(db, folder)).toBe(0);
    expect(await record()).toEqual([
      { name: '0001_a.sql', hash: a!.hash },
      { name: '0002_b.sql', hash: b!.hash },
    ]);
    // And a file changed before the upgrade is still caught.
    write('0002_b.sql', 'create table b (id text);');
    await expect(migrate(db, folder)).rejects.toThrow(/0002_b\.sql/);
  });

  it('does not apply a renamed file again', async () => {
    const { folder, db, write, record } = await setUp();
    write('0001_a.sql', 'create table a (id int);');
    await migrate(db, folder);
    rmSync(join(folder, '0001_a.sql'));
    write('0001_first.sql', 'create table a (id int);');
    expect(await migrate(db, folder)).toBe(0);
    expect((await record()).map((r) => r.name)).toEqual(['0001_first.sql']);
  });
});
