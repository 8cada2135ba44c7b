import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { openDatabase, rowsOf, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { localRoots } from '../modules/storage/index.ts';
import { commerceKit } from '../modules/commerce/test-kit.ts';
import { seed } from '../seed.ts';
import type { TestContext } from '../../test/app.ts';
import { adminUrl, withDatabase } from '../../test/pg-url.ts';
import { baseEnv, serverDir, startServer } from '../../test/platform/process.ts';
import { createBackup, listFiles, type Manifest } from './backup.ts';
import { processesUsing } from './embedded.ts';
import { moveDatabase } from './move.ts';
import { restoreBackup, type RestoreTarget } from './restore.ts';
import { allStats, listTables } from './tables.ts';

/**
 * Backup → restore on the embedded database and on PostgreSQL, a damaged archive and a non-empty
 * target refused, and `db:move` from the embedded database into PostgreSQL (decision 047). Real
 * PGlite folders, real PostgreSQL databases (fc_backup_*), orders paid through the real services.
 */

const PG = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const runId = randomBytes(4).toString('hex');
const databases: string[] = [];
const folders: string[] = [];
const closers: (() => Promise<void>)[] = [];

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fc-backup-'));
  folders.push(dir);
  return dir;
};

async function pgAdmin<T>(fn: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: adminUrl(PG) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database (or a copy of the run's template). */
async function newPgDatabase(template?: string): Promise<string> {
  const name = `fc_backup_${runId}_${databases.length}`;
  databases.push(name);
  await pgAdmin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return withDatabase(PG, name);
}

interface Shop {
  kind: 'pglite' | 'postgres';
  database: Database;
  dataDir: string;
  url?: string;
  kit: ReturnType<typeof commerceKit>;
  ctx: TestContext;
}

/** A migrated and seeded demo shop with paid and unpaid orders and ledger rows made through the services. */
async function demoShop(kind: 'pglite' | 'postgres'): Promise<Shop> {
  const dataDir = tempDir();
  const template = inject('dbTemplate');
  const templateIsPg = Boolean(process.env.DATABASE_URL);
  let database: Database;
  let url: string | undefined;
  if (kind === 'pglite') {
    if (!templateIsPg) cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
    database = await openDatabase({ pgliteDir: join(dataDir, 'pgdata') });
  } else {
    url = await newPgDatabase(templateIsPg ? template : undefined);
    database = await openDatabase({ databaseUrl: url, pgliteDir: '' });
  }
  if (kind === 'pglite' ? templateIsPg : !templateIsPg) {
    await migrate(database.db);
    await seed(database.db);
  }
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web-dist'), CATALOGUE_CACHE_TTL_MS: '0' });
  const app = await buildApp({ env, db: database.db, redis: undefined });
  await app.ready();
  const ctx: TestContext = { app, database, env, close: async () => {} };
  closers.push(async () => {
    await app.close();
    await database.close();
  });
  const kit = commerceKit(ctx);
  const items = [await kit.item({ price: 1250 }), await kit.item({ price: 990 })];
  for (let i = 0; i < 3; i++) {
    const member = await kit.member(5000);
    const created = await kit.call('POST', '/api/order/create', member.token, { items: [items[i % 2]!.id] });
    expect(created.code, created.msg).toBe(1);
    const paid = await kit.call('POST', '/api/pay/submit', member.token, { order_no: created.data.order_no, method: 'balance' });
    expect(paid.code, paid.msg).toBe(1);
    // One order left unpaid.
    expect((await kit.call('POST', '/api/order/create', member.token, { items: [items[(i + 1) % 2]!.id] })).code).toBe(1);
  }
  // A private file with a long name (pax header) beside the demo media the app put in place.
  const roots = localRoots(dataDir);
  const deep = join(roots.local_private, 'files', 'a'.repeat(60), `${'b'.repeat(70)}.bin`);
  cpSync(join(serverDir, 'package.json'), deep);
  return { kind, database, dataDir, url, kit, ctx };
}

const fileHashes = (dataDir: string) => {
  const roots = localRoots(dataDir);
  return [roots.local, roots.local_private].map((root) =>
    listFiles(root).map((f) => `${f.rel} ${createHash('sha256').update(readFileSync(f.path)).digest('hex')}`),
  );
};

const orderRows = async (database: Database) =>
  rowsOf<Record<string, unknown>>(database.db.execute(sql`select order_no, user_id, amount, state, pay_time::text from shop_order order by id`));

const statsOf = async (database: Database) => allStats(database.db, await listTables(database.db));

/**
 * An embedded target; the database the restore opened stays open for the test's checks (each
 * PGlite start costs seconds) and is closed at the end of the file.
 */
function pgliteTarget(dataDir: string): RestoreTarget & { opened(): Database } {
  let database: Database | undefined;
  return {
    kind: 'pglite',
    dataDir,
    pgliteDir: join(dataDir, 'pgdata'),
    async open() {
      const opened = await openDatabase({ pgliteDir: join(dataDir, 'pgdata') });
      database = opened;
      closers.push(() => opened.close());
      return { ...opened, close: async () => {} };
    },
    opened: () => database!,
  };
}
function pgTarget(dataDir: string, url: string): RestoreTarget {
  return { kind: 'postgres', dataDir, pgliteDir: '', databaseUrl: url, open: () => openDatabase({ databaseUrl: url, pgliteDir: '' }) };
}

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
  await pgAdmin(async (c) => {
    for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
  });
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore, embedded database', () => {
  let shop: Shop;
  let archive: string;
  let manifest: Manifest;
  beforeAll(async () => {
    shop = await demoShop('pglite');
    archive = join(tempDir(), 'shop.tar.gz');
    manifest = await createBackup({ database: shop.database, dataDir: shop.dataDir, file: archive, framecraftVersion: 'test' });
  }, 180_000);

  it('writes one archive whose manifest holds the migrations, counts, money totals and every entry with its checksum', async () => {
    expect(manifest.database).toMatchObject({ kind: 'pglite', dump: 'logical' });
    expect(manifest.migrations.map((m) => m.name)).toContain('0014_commerce.sql');
    expect(manifest.tables).toEqual(await statsOf(shop.database));
    expect(manifest.tables.shop_order!.rows).toBe(6);
    expect(Number(manifest.tables.shop_order!.money.amount)).toBeGreaterThan(0);
    expect(manifest.tables.user_money_log!.rows).toBe(6); // three credits, three payments
    expect(manifest.storage.private.files).toBeGreaterThan(0);
    expect(manifest.storage.public.files).toBeGreaterThan(0);
    expect(existsSync(`${archive}.partial`)).toBe(false);
  });

  it('restores into an empty data folder: same rows, files and sequences, and the restored server starts and is ready', async () => {
    const target = tempDir();
    const into = pgliteTarget(target);
    const result = await restoreBackup(archive, into);
    expect(result.rows).toBe(Object.values(manifest.tables).reduce((s, t) => s + t.rows, 0));
    expect(fileHashes(target)).toEqual(fileHashes(shop.dataDir));
    const restored = into.opened();
    expect(await statsOf(restored)).toEqual(manifest.tables);
    expect(await orderRows(restored)).toEqual(await orderRows(shop.database));
    await restored.close();

    // The real server on the restored folder: starts, /readyz ok, nothing re-seeded; while it runs
    // the folder is seen in use (what backup, restore and db:move refuse).
    const server = startServer(join(serverDir, 'src', 'main.ts'), baseEnv({ NODE_ENV: 'test', DATA_DIR: target, PORT: '9401', HOST: '127.0.0.1', WEB_DIST_DIR: join(target, 'none') }));
    try {
      const base = await server.listening;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(processesUsing(join(target, 'pgdata'))).toContain(server.child.pid);
      const cli = spawn(process.execPath, [join(serverDir, '..', 'scripts', 'ops.mjs'), 'backup', '--out', join(target, 'b')], {
        env: baseEnv({ DATA_DIR: target, DATABASE_URL: '' }), // '' : a checkout's .env must not point it elsewhere
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      cli.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(cli, 'exit')) as [number];
      expect(code).toBe(1);
      expect(stderr).toContain('is open in another process');
      expect(stderr).toContain('stop the server first');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);

  it('refuses a non-empty target and changes nothing', async () => {
    const before = await statsOf(shop.database);
    await expect(restoreBackup(archive, pgliteTarget(shop.dataDir))).rejects.toThrow(/Refusing to restore: the public storage folder .* is not empty/);
    const onlyFiles = tempDir();
    writeFileSync(join(onlyFiles, 'x'), '');
    cpSync(join(shop.dataDir, 'pgdata', 'PG_VERSION'), join(onlyFiles, 'pgdata', 'PG_VERSION'));
    await expect(restoreBackup(archive, pgliteTarget(onlyFiles))).rejects.toThrow(/embedded database folder .* already exists/);
    expect(existsSync(join(onlyFiles, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(await statsOf(shop.database)).toEqual(before);
  });

  it('refuses a changed or incomplete archive before writing anything', async () => {
    const raw = gunzipSync(readFileSync(archive));
    // Change one byte inside the private file with the long name.
    const at = raw.indexOf(Buffer.from('"name": "@framecraft/server"'));
    expect(at).toBeGreaterThan(0);
    const changed = Buffer.from(raw);
    changed[at + 10] = changed[at + 10]! ^ 1;
    const tampered = join(tempDir(), 'tampered.tar.gz');
    writeFileSync(tampered, gzipSync(changed));
    const truncated = join(tempDir(), 'truncated.tar.gz');
    writeFileSync(truncated, gzipSync(raw.subarray(0, Math.floor(raw.length / 2))));
    const cut = join(tempDir(), 'cut.tar.gz');
    writeFileSync(cut, readFileSync(archive).subarray(0, 2000));

    const target = tempDir();
    await expect(restoreBackup(tampered, pgliteTarget(target))).rejects.toThrow(/does not match its manifest: files\/private\/files\/a{60}\/b{70}\.bin was changed \(checksum\)/);
    await expect(restoreBackup(truncated, pgliteTarget(target))).rejects.toThrow(/damaged or incomplete/);
    await expect(restoreBackup(cut, pgliteTarget(target))).rejects.toThrow(/damaged or incomplete/);
    expect(listFiles(target)).toEqual([]);
    expect(existsSync(join(target, 'pgdata'))).toBe(false);
  });
});

describe('backup and restore, PostgreSQL', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await demoShop('postgres');
  }, 180_000);

  it('pg_dump archive → an empty PostgreSQL database: same rows and files; refused into the embedded database and into a non-empty one', async () => {
    const archive = join(tempDir(), 'pg.tar.gz');
    const manifest = await createBackup({ database: shop.database, databaseUrl: shop.url, dataDir: shop.dataDir, file: archive, framecraftVersion: 'test' });
    expect(manifest.database).toMatchObject({ kind: 'postgres', dump: 'pg_dump' });
    expect(manifest.tables).toEqual(await statsOf(shop.database));

    // Into the embedded database: refused with the reason.
    await expect(restoreBackup(archive, pgliteTarget(tempDir()))).rejects.toThrow(/holds a pg_dump of PostgreSQL/);
    // Into a non-empty database: refused.
    await expect(restoreBackup(archive, pgTarget(tempDir(), shop.url!))).rejects.toThrow(/Refusing to restore: the database already has \d+ tables/);

    const url = await newPgDatabase();
    const dataDir = tempDir();
    await restoreBackup(archive, pgTarget(dataDir, url));
    const restored = await openDatabase({ databaseUrl: url, pgliteDir: '' });
    closers.push(() => restored.close());
    expect(await statsOf(restored)).toEqual(manifest.tables);
    expect(await orderRows(restored)).toEqual(await orderRows(shop.database));
    expect(fileHashes(dataDir)).toEqual(fileHashes(shop.dataDir));
  }, 180_000);

  it('logical archive of PostgreSQL → the embedded database', async () => {
    const archive = join(tempDir(), 'pg-logical.tar.gz');
    const manifest = await createBackup({ database: shop.database, databaseUrl: shop.url, dataDir: shop.dataDir, file: archive, logical: true, framecraftVersion: 'test' });
    expect(manifest.database.dump).toBe('logical');
    const into = pgliteTarget(tempDir());
    await restoreBackup(archive, into);
    expect(await statsOf(into.opened())).toEqual(manifest.tables);
    expect(await orderRows(into.opened())).toEqual(await orderRows(shop.database));
  }, 180_000);
});

describe('db:move, embedded database → PostgreSQL', () => {
  it('copies every table, verifies counts and money totals, sequences continue; a second move is refused', async () => {
    const shop = await demoShop('pglite');
    const url = await newPgDatabase();
    const target = await openDatabase({ databaseUrl: url, pgliteDir: '' });
    closers.push(() => target.close());
    const lines: string[] = [];
    const result = await moveDatabase(shop.database, target, (line) => lines.push(line));
    expect(result.tables).toEqual(await statsOf(shop.database));
    expect(await statsOf(target)).toEqual(result.tables);
    expect(await orderRows(target)).toEqual(await orderRows(shop.database));
    expect(lines.at(-1)).toMatch(/^verified: \d+ tables, \d+ rows, row counts and money totals equal$/);
    const applied = async (d: Database) => rowsOf(d.db.execute(sql`select name, hash from _migrations order by name`));
    expect(await applied(target)).toEqual(await applied(shop.database));

    // The shop on PostgreSQL takes new members and orders: the sequences were set.
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: shop.dataDir, WEB_DIST_DIR: join(shop.dataDir, 'none'), CATALOGUE_CACHE_TTL_MS: '0' });
    const app = await buildApp({ env, db: target.db, redis: undefined });
    closers.push(() => app.close());
    await app.ready();
    const kit = commerceKit({ app, database: target, env, close: async () => {} });
    const maxOrder = Number((await rowsOf<{ id: number }>(target.db.execute(sql`select max(id) as id from shop_order`)))[0]!.id);
    const member = await kit.member(3000);
    const item = await kit.item({ price: 700 });
    const created = await kit.call('POST', '/api/order/create', member.token, { items: [item.id] });
    expect(created.code, created.msg).toBe(1);
    expect((await kit.call('POST', '/api/pay/submit', member.token, { order_no: created.data.order_no, method: 'balance' })).code).toBe(1);
    const [fresh] = await rowsOf<{ id: number }>(target.db.execute(sql`select id from shop_order where order_no = ${created.data.order_no}`));
    expect(fresh!.id).toBe(maxOrder + 1);

    await expect(moveDatabase(shop.database, target)).rejects.toThrow(/Refusing to move: the target database is not empty/);
  }, 180_000);
});
