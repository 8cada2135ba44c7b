import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join, resolve, sep } from 'node:path';
import type { Database, Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { localRoots } from '../modules/storage/index.ts';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, MANIFEST, pgToolConnection, type Manifest } from './backup.ts';
import { hasEmbeddedDatabase, isEmptyFolder } from './embedded.ts';
import { checkAgainstRelease, OpsError } from './migrations.ts';
import { addForeignKeys, allStats, compareStats, dropForeignKeys, emptyTables, importRows, listTables, schemaObjects, writeSequences } from './tables.ts';
import { readTarGz, writeAll } from './tar.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const MANIFEST_LIMIT = 64 * 1024 * 1024;

/**
 * Read the whole archive once and check it before anything is written: every entry the manifest
 * names is there with its size and SHA-256, nothing else is, and the archive ends properly.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new OpsError(`No archive at ${file}`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  try {
    await readTarGz(file, async (name, size, body) => {
      const hash = createHash('sha256');
      const kept: Buffer[] = [];
      for await (const chunk of body) {
        hash.update(chunk);
        if (name === MANIFEST && size <= MANIFEST_LIMIT) kept.push(chunk);
      }
      if (name === MANIFEST) manifestText = Buffer.concat(kept).toString('utf8');
      else seen.set(name, { size, sha256: hash.digest('hex') });
    });
  } catch (err) {
    throw new OpsError(`The archive ${file} is damaged or incomplete: ${(err as Error).message}`);
  }
  if (manifestText === undefined) throw new OpsError(`The archive ${file} has no ${MANIFEST}: it is incomplete or not a Framecraft backup`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new OpsError(`The archive's ${MANIFEST} is not valid JSON`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || manifest.formatVersion !== ARCHIVE_VERSION) {
    throw new OpsError(`The archive is not a Framecraft backup of format ${ARCHIVE_VERSION} (found ${JSON.stringify(manifest.format)} ${JSON.stringify(manifest.formatVersion)})`);
  }
  const problems: string[] = [];
  for (const [name, want] of Object.entries(manifest.entries ?? {})) {
    const got = seen.get(name);
    if (!got) problems.push(`${name} is missing`);
    else if (got.size !== want.size || got.sha256 !== want.sha256) problems.push(`${name} was changed (checksum)`);
  }
  for (const name of seen.keys()) if (!(name in (manifest.entries ?? {}))) problems.push(`${name} is not in the manifest`);
  if (problems.length) throw new OpsError(`The archive ${file} does not match its manifest: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`);
  return manifest;
}

export interface RestoreTarget {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** The embedded database folder (kind pglite). */
  pgliteDir: string;
  databaseUrl?: string;
  /** Opens the target database; called once the target has been found empty. */
  open(): Promise<Database>;
}

/** Why the target is not empty, or null. */
export async function targetProblem(target: RestoreTarget, database?: Database): Promise<string | null> {
  const roots = localRoots(target.dataDir);
  for (const [label, folder] of [['public', roots.local], ['private', roots.local_private]] as const) {
    if (!isEmptyFolder(folder)) return `the ${label} storage folder ${folder} is not empty`;
  }
  if (target.kind === 'pglite') {
    if (hasEmbeddedDatabase(target.pgliteDir) || !isEmptyFolder(target.pgliteDir)) return `the embedded database folder ${target.pgliteDir} already exists`;
    return null;
  }
  if (!database) return null;
  const objects = await schemaObjects(database.db);
  if (objects.length) return `the database already has ${objects.length} tables or sequences (${objects.slice(0, 3).join(', ')}${objects.length > 3 ? ', …' : ''})`;
  return null;
}

const refuse = (why: string, kind: RestoreTarget['kind']) =>
  new OpsError(
    `Refusing to restore: ${why}. Restore only into an empty ${kind === 'pglite' ? 'DATA_DIR (a new folder)' : 'database (createdb a new one) with an empty DATA_DIR'} — nothing was changed.`,
  );

/** A storage entry's path under its root, or null for a name that would leave it. */
function storagePath(name: string, roots: Record<'public' | 'private', string>): string | null {
  const match = /^files\/(public|private)\/(.+)$/.exec(name);
  if (!match) return null;
  const root = roots[match[1] as 'public' | 'private'];
  const path = resolve(root, match[2]!);
  return path.startsWith(root + sep) && !match[2]!.split('/').includes('..') ? path : null;
}

export interface RestoreResult {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
}

/**
 * Restore an archive into an empty target: verified first, then the storage files, then the
 * database — the archive's own migration files are applied, the rows loaded and the sequences
 * set in one transaction, which is rolled back unless every table's row count and money totals
 * equal the manifest's. A failed restore removes what it wrote.
 */
export async function restoreBackup(file: string, target: RestoreTarget, log: (line: string) => void = () => {}): Promise<RestoreResult> {
  const manifest = await verifyArchive(file);
  log(`archive verified: ${Object.keys(manifest.entries).length} entries, made ${manifest.createdAt} from ${manifest.database.kind}`);
  checkAgainstRelease(manifest.migrations);
  if (manifest.database.dump === 'pg_dump' && target.kind !== 'postgres') {
    throw new OpsError('This archive holds a pg_dump of PostgreSQL: restore it into PostgreSQL (set DATABASE_URL), or make the backup with --logical to restore it into the embedded database');
  }
  const early = await targetProblem(target);
  if (early) throw refuse(early, target.kind);
  let database: Database | undefined;
  const roots = localRoots(target.dataDir);
  const staging = mkdtempSync(join(target.dataDir === '' ? '.' : ensureDir(target.dataDir), '.framecraft-restore-'));
  let wroteFiles = false;
  let succeeded = false;
  try {
    database = await target.open();
    const late = await targetProblem(target, database);
    if (target.kind === 'postgres' && late) throw refuse(late, target.kind);

    // Extract: storage files into their roots, the database part and the migrations into staging.
    let files = 0;
    await readTarGz(file, async (name, _size, body) => {
      if (name === MANIFEST) return;
      let path: string | null;
      if (name.startsWith('files/')) {
        path = storagePath(name, { public: roots.local, private: roots.local_private });
        if (!path) throw new OpsError(`The archive has an unsafe file name: ${name}`);
        wroteFiles = true;
        files++;
      } else if (/^(database|migrations)\/[\w.-]+$/.test(name)) path = join(staging, name);
      else throw new OpsError(`The archive has an unexpected entry: ${name}`);
      mkdirSync(dirname(path), { recursive: true });
      await writeAll(createWriteStream(path, { flags: 'wx' }), body);
    });
    log(`storage: ${files} files restored`);

    if (manifest.database.dump === 'pg_dump') {
      const connection = pgToolConnection(target.databaseUrl!);
      const child = spawn('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${connection.dbname}`, join(staging, 'database', 'dump.pgcustom')], {
        env: connection.env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', (err) => (stderr += err.message));
      const [code] = (await once(child, 'close')) as [number | null];
      if (code !== 0) throw new OpsError(`pg_restore failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' / ')} — is pg_restore installed?`);
      const problems = compareStats(manifest.tables, await allStats(database.db, await listTables(database.db)));
      if (problems.length) throw new OpsError(`The restored database differs from the manifest: ${problems.join('; ')}`);
    } else {
      await database.db.transaction(async (tx) => {
        await migrate(tx as Db, join(staging, 'migrations'));
        const tables = await listTables(tx as Db);
        const byName = new Map(tables.map((t) => [t.name, t]));
        for (const name of Object.keys(manifest.tables)) if (!byName.has(name)) throw new OpsError(`The archive's table ${name} is not made by its migrations`);
        await emptyTables(tx as Db, tables);
        const keys = await dropForeignKeys(tx as Db);
        for (const name of Object.keys(manifest.tables)) {
          const path = join(staging, 'database', `${name}.jsonl`);
          let batch: string[] = [];
          let bytes = 0;
          for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
            if (!line) continue;
            batch.push(line);
            bytes += line.length;
            if (batch.length >= 2000 || bytes > 8_000_000) {
              await importRows(tx as Db, byName.get(name)!, batch);
              batch = [];
              bytes = 0;
            }
          }
          await importRows(tx as Db, byName.get(name)!, batch);
        }
        await addForeignKeys(tx as Db, keys);
        await writeSequences(tx as Db, manifest.sequences);
        const problems = compareStats(manifest.tables, await allStats(tx as Db, tables));
        if (problems.length) throw new OpsError(`The restored database differs from the manifest: ${problems.join('; ')}`);
      });
    }
    const rows = Object.values(manifest.tables).reduce((s, t) => s + t.rows, 0);
    log(`database: ${Object.keys(manifest.tables).length} tables, ${rows} rows restored; counts and money totals equal the manifest`);
    succeeded = true;
    return { manifest, tables: Object.keys(manifest.tables).length, rows, files };
  } finally {
    await database?.close();
    rmSync(staging, { recursive: true, force: true });
    if (!succeeded) {
      // The target was empty: put it back that way.
      if (wroteFiles) for (const folder of [roots.local, roots.local_private]) rmSync(folder, { recursive: true, force: true });
      if (target.kind === 'pglite') rmSync(target.pgliteDir, { recursive: true, force: true });
    }
  }
}

function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
