import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../db/client.ts';
import { localRoots } from '../modules/storage/index.ts';
import { appliedMigrations, migrationTexts, OpsError, type AppliedMigration } from './migrations.ts';
import { allStats, exportRows, listTables, readSequences, type SequenceState, type TableStats } from './tables.ts';
import { createTarGz } from './tar.ts';

export const MANIFEST = 'manifest.json';
export const ARCHIVE_FORMAT = 'framecraft-backup';
export const ARCHIVE_VERSION = 1;

/** What `manifest.json`, the archive's last entry, says (decision 047). */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  framecraftVersion: string;
  nodeVersion: string;
  database: {
    kind: 'pglite' | 'postgres';
    serverVersion: string;
    /** `logical`: one JSON-lines file per table under database/; `pg_dump`: database/dump.pgcustom. */
    dump: 'logical' | 'pg_dump';
  };
  /** Applied migrations with their SHA-256; their texts are under migrations/. */
  migrations: AppliedMigration[];
  tables: Record<string, TableStats>;
  sequences: SequenceState[];
  storage: Record<'public' | 'private', { files: number; bytes: number }>;
  /** Every other entry of the archive with its size and SHA-256. */
  entries: Record<string, { size: number; sha256: string }>;
}

export interface BackupOptions {
  database: Database;
  /** Needed for pg_dump (the tool connects itself). */
  databaseUrl?: string;
  dataDir: string;
  /** The archive to write (`.tar.gz`); written as `<file>.partial` and renamed when complete. */
  file: string;
  /** Skip pg_dump even when it is installed. */
  logical?: boolean;
  framecraftVersion: string;
  log?: (line: string) => void;
}

/** Every regular file under a folder, with its path relative to it (symbolic links are not followed). */
export function listFiles(root: string): { rel: string; path: string; size: number }[] {
  if (!existsSync(root)) return [];
  const out: { rel: string; path: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push({ rel: relative(root, path).split(sep).join('/'), path, size: statSync(path).size });
    }
  };
  walk(root);
  return out;
}

/** The connection string without its password, which goes through PGPASSWORD (not the process list). */
export function pgToolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** pg_dump's major version when it is installed and can dump a server of `serverMajor`. */
export function usablePgDump(serverMajor: number): boolean {
  const result = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) return false;
  const major = Number(/(\d+)(?:\.\d+)?/.exec(result.stdout)?.[1]);
  return major >= serverMajor;
}

async function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new OpsError(`${command} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' / ')}`);
}

/**
 * Write one archive: the database (logical export, or pg_dump for PostgreSQL when installed)
 * read in one snapshot with its row counts and money totals, the applied migration files, and
 * the local storage roots (public and private).
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const { database, log = () => {} } = options;
  const createdAt = new Date().toISOString();
  mkdirSync(dirname(options.file), { recursive: true });
  const staging = mkdtempSync(join(dirname(options.file), '.framecraft-backup-'));
  const partial = `${options.file}.partial`;
  try {
    const entries: Manifest['entries'] = {};
    const files: { name: string; path: string; size: number }[] = [];
    const snapshot = await database.db.transaction(async (tx) => {
      // One snapshot for every table, the counts and the dump.
      await tx.execute(sql.raw('set transaction isolation level repeatable read, read only'));
      const [version] = await rowsOf<{ v: string; n: string }>(tx.execute(sql`select version() as v, current_setting('server_version_num') as n`));
      const migrations = await appliedMigrations(tx as Db);
      const texts = migrationTexts(migrations);
      const tables = await listTables(tx as Db);
      const stats = await allStats(tx as Db, tables);
      const sequences = await readSequences(tx as Db);
      const serverMajor = Math.floor(Number(version!.n) / 10_000);
      const dump: Manifest['database']['dump'] =
        database.kind === 'postgres' && options.databaseUrl && !options.logical && usablePgDump(serverMajor) ? 'pg_dump' : 'logical';
      mkdirSync(join(staging, 'database'));
      if (dump === 'pg_dump') {
        const [exported] = await rowsOf<{ id: string }>(tx.execute(sql`select pg_export_snapshot() as id`));
        const path = join(staging, 'database', 'dump.pgcustom');
        const connection = pgToolConnection(options.databaseUrl!);
        log('database: pg_dump');
        await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${exported!.id}`, `--file=${path}`, `--dbname=${connection.dbname}`], connection.env);
        files.push({ name: 'database/dump.pgcustom', path, size: statSync(path).size });
      } else {
        for (const table of tables) {
          const path = join(staging, 'database', `${table.name}.jsonl`);
          const out = createWriteStream(path);
          for await (const batch of exportRows(tx as Db, table)) {
            if (!out.write(batch.join('\n') + '\n')) await once(out, 'drain');
          }
          out.end();
          await once(out, 'finish');
          files.push({ name: `database/${table.name}.jsonl`, path, size: statSync(path).size });
        }
        log(`database: ${tables.length} tables exported`);
      }
      return { version: version!.v, migrations, texts, stats, sequences, dump };
    });

    const archive = createTarGz(partial);
    for (const [name, text] of snapshot.texts) {
      const data = Buffer.from(text);
      entries[`migrations/${name}`] = { size: data.length, sha256: await archive.addBuffer(`migrations/${name}`, data) };
    }
    for (const file of files) entries[file.name] = { size: file.size, sha256: await archive.addFile(file.name, file.path, file.size) };
    const storage = {} as Manifest['storage'];
    const roots = localRoots(options.dataDir);
    for (const [root, folder] of [['public', roots.local], ['private', roots.local_private]] as const) {
      const found = listFiles(folder);
      storage[root] = { files: found.length, bytes: found.reduce((s, f) => s + f.size, 0) };
      for (const file of found) {
        const name = `files/${root}/${file.rel}`;
        entries[name] = { size: file.size, sha256: await archive.addFile(name, file.path, file.size) };
      }
      log(`storage ${root}: ${found.length} files`);
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_VERSION,
      createdAt,
      framecraftVersion: options.framecraftVersion,
      nodeVersion: process.version,
      database: { kind: database.kind, serverVersion: snapshot.version, dump: snapshot.dump },
      migrations: snapshot.migrations,
      tables: snapshot.stats,
      sequences: snapshot.sequences,
      storage,
      entries,
    };
    await archive.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    await archive.finish();
    renameSync(partial, options.file);
    return manifest;
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
